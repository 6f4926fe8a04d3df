/**
 * /admin/themes' own data: its state (search, order, page) kept in the address, and one server page keyed by it.
 * Apart from stores.ts, which the forms import: they need every theme, not this list's state.
 */
import type { ThemesQuery } from "../../../../api/modules/themes/model";
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { apiQuery } from "../ui/list-state";
import { createListStore } from "../ui/list-store";
import { THEME_LIST } from "./list-query";
import { THEMES_PATH } from "./stores";

export const themeList = createListStore(THEME_LIST);

/** One page of themes (the key starts with THEMES_PATH: every write's reload reaches it). */
export const $themePage = resource([`${THEMES_PATH}?`, themeList.$key], () =>
  call(api.admin.themes.get({ query: apiQuery(themeList.$state.get()) as ThemesQuery }), "Erreur lors du chargement des thèmes").then((a) =>
    Array.isArray(a) ? { items: a, total: a.length, page: 1, pageSize: a.length } : a,
  ),
);
