/** The themes offered by the article form (member and admin contexts alike). */
import { api, call } from "../lib/api";
import { resource } from "../lib/query";

export const $userThemes = resource("/api/user/themes", () => call(api.user.themes.get(), "Erreur lors du chargement des thèmes"));

/**
 * The server's submission rules (ARTICLE_MAX_CHARS), never a copy in the app. Its key is not under
 * /api/user/articles, so reloading the lists after a save does not fetch it again.
 */
export const $articleRules = resource("/api/user/article-rules", () => call(api.user.articles.rules.get(), "Erreur lors du chargement des règles des articles."));
