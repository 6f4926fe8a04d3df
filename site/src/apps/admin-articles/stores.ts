/**
 * Data of /admin/articles: the list's state (in the address) and one server page of the list keyed by it.
 */
import type { AdminArticlesQuery } from "../../../../api/contract";
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { apiQuery } from "../ui/list-state";
import { createListStore } from "../ui/list-store";
import { ARTICLE_LIST } from "./list-query";

export const articleList = createListStore(ARTICLE_LIST);

export const $adminArticles = resource(["/api/admin/articles?", articleList.$key], () =>
  call(api.admin.articles.get({ query: apiQuery(articleList.$state.get()) as AdminArticlesQuery }), "Erreur lors du chargement des articles."),
);
