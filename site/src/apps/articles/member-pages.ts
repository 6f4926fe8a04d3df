/**
 * /user/articles' own data: one server page of the member's own articles and one of the other members' public
 * ones, each keyed by its state in the address (articles/member-lists.ts). Apart from stores.ts, which the admin
 * screens import too: they must not carry these lists' state.
 */
import type { MemberArticlesQuery } from "../../../../api/modules/articles/model";
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { apiQuery } from "../ui/list-state";
import { createListStore } from "../ui/list-store";
import { MEMBER_ARTICLES, MY_ARTICLES } from "./member-lists";

export const myArticleList = createListStore(MY_ARTICLES);
export const memberArticleList = createListStore(MEMBER_ARTICLES);

/** A page of what the member sees, `mine` choosing their own (1) or the others' public ones (0). */
const page = (query: Record<string, string | number>, mine: "1" | "0") =>
  call(api.user.articles.get({ query: { ...query, mine } as MemberArticlesQuery }), "Erreur lors du chargement des articles.").then((a) =>
    Array.isArray(a) ? { items: a, total: a.length, page: 1, pageSize: a.length } : a,
  );

/** The caller's articles in any state (keys start with /api/user/articles: every article write reloads them). */
export const $myArticles = resource(["/api/user/articles?mine=1&", myArticleList.$key], () => page(apiQuery(myArticleList.$state.get()), "1"));

/** The other members' public articles. */
export const $memberArticles = resource(["/api/user/articles?mine=0&", memberArticleList.$key], () => page(apiQuery(memberArticleList.$state.get()), "0"));
