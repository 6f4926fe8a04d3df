/** The back office's theme list, one page at a time (api/lib/list-query.ts); the whole array without `page`. */
import type { Db } from "../../../db/client";
import { themes } from "../../../db/schema";
import { foldedSearch, listPage, type ListSpec } from "../../lib/list-query";
import type { AdminTheme, ThemePage, ThemesQuery } from "./model";
import { listAdminThemes } from "./service";

/** Themes by name in French order (folded key, indexed); a few dozen, so the folded name is searched with LIKE. */
export const THEME_LIST: ListSpec<"name"> = {
  table: themes,
  id: themes.id,
  sorts: { name: { keys: [themes.nameKey], dir: "asc" } },
  defaultSort: "name",
  search: foldedSearch(themes.nameKey),
};

/** GET /api/admin/themes: one page when `page` is given, else every theme. */
export function adminThemeList(db: Db, query: ThemesQuery): Promise<AdminTheme[] | ThemePage> {
  if (query.page === undefined) return listAdminThemes(db);
  return listPage(db, THEME_LIST, query, [], (ids) => listAdminThemes(db, ids), (theme) => theme._id);
}
