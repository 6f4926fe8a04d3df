/** The themes offered by the article form (member and admin contexts alike). */
import { api, call } from "../lib/api";
import { resource } from "../lib/query";

export const $userThemes = resource("/api/user/themes", () => call(api.user.themes.get(), "Erreur lors du chargement des thèmes"));
