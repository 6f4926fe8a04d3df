/** The themes as admins list them (with how many articles and events carry each), shared with the forms' choices. */
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { wholeList } from "../lib/whole-list";

export const THEMES_PATH = "/api/admin/themes";

export const $adminThemes = resource(THEMES_PATH, () => call(api.admin.themes.get({ query: {} }), "Erreur lors du chargement des thèmes").then(wholeList));
