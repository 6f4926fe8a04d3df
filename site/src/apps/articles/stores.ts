/**
 * Data of the member's article screen and form: the caller's own articles (searched by the server), the
 * community's list, and the themes of the form's checkboxes.
 */
import { atom } from "nanostores";
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { wholeList } from "../lib/whole-list";

/** The search box of « Mes articles »: the server matches title, text and keywords, ignoring case and accents. */
export const $articleSearch = atom("");

/** The caller's articles in any state (mine=1), narrowed by the search. */
export const $myArticles = resource(["/api/user/articles?mine=1&q=", $articleSearch], (_path, q) => {
  const text = String(q).trim();
  return call(
    api.user.articles.get({ query: text ? { mine: "1", q: text } : { mine: "1" } }),
    "Erreur lors du chargement des articles.",
  ).then(wholeList);
});

/** The caller's articles and the other members' public ones (the screen keeps the others'). */
export const $communityArticles = resource("/api/user/articles", () =>
  call(api.user.articles.get({ query: {} }), "Erreur lors du chargement des articles.").then(wholeList),
);

/** The themes offered by the article form. */
export const $userThemes = resource("/api/user/themes", () => call(api.user.themes.get(), "Erreur lors du chargement des thèmes"));
