/**
 * Data of /admin/articles: one server page of the list, keyed by its state (page, sort, status), and the media
 * offered by the admin's article form (every media, in any state).
 */
import { atom } from "nanostores";
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { wholeList } from "../lib/whole-list";
import { PAGE_SIZE, queryKey, readListQuery, type ListQuery } from "./list-query";

const initial = typeof location === "undefined" ? readListQuery("") : readListQuery(location.search);

/** The list's state; the screen writes it back to the address. */
export const $listQuery = atom<ListQuery>(initial);
const $key = atom(queryKey(initial));
$listQuery.listen((q) => $key.set(queryKey(q)));

export const $adminArticles = resource(["/api/admin/articles?", $key], (_path, key) => {
  const q = readListQuery(`?${String(key)}`);
  return call(
    api.admin.articles.get({ query: { page: q.page, pageSize: PAGE_SIZE, sort: q.sort, ...(q.status ? { status: q.status } : {}) } }),
    "Erreur lors du chargement des articles.",
  );
});

/** Every media, for the article form's multi-select (loaded when the form opens). */
export const $adminMediaChoices = resource("/api/admin/media?choices", () =>
  call(api.admin.media.get({ query: {} }), "Erreur lors du chargement des médias").then(wholeList),
);
