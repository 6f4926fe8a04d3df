/** The back office's theme list, one page at a time (api/lib/list-query.ts); the whole array without `page`. */
import type { Db } from "../../../db/client";
import { themes } from "../../../db/schema";
import { foldedSearch, listWhere, pageOf, type ListSpec } from "../../lib/list-query";
import type { AdminTheme, ThemePage, ThemesQuery } from "./model";
import { byName, listAdminThemes } from "./service";

/**
 * Themes by name (folded key, indexed); a few dozen, so the folded name is searched with LIKE. The list's WHERE
 * (search) comes from here, for the pages and the bulk actions alike; the page's ORDER does not (below).
 */
export const THEME_LIST: ListSpec<"name"> = {
  table: themes,
  id: themes.id,
  sorts: { name: { keys: [themes.nameKey], dir: "asc" } },
  defaultSort: "name",
  search: foldedSearch(themes.nameKey),
};

/**
 * GET /api/admin/themes: one page when `page` is given, else every theme. The page is cut from the matching themes
 * sorted by the French collator, as the whole lists are (api/modules/themes/service.ts): the folded key would put
 * « Thème 10 » before « Thème 2 », and reading the ids and names of a few dozen themes costs less than one page of
 * articles. A site with thousands of themes would need a numeric-aware stored key instead.
 */
export async function adminThemeList(db: Db, query: ThemesQuery): Promise<AdminTheme[] | ThemePage> {
  if (query.page === undefined) return listAdminThemes(db);
  const { page, pageSize } = pageOf(query);
  const matching = byName(await db.select({ id: themes.id, name: themes.name }).from(themes).where(listWhere(THEME_LIST, query, [])));
  if (query.dir === "desc") matching.reverse();
  const ids = matching.slice((page - 1) * pageSize, page * pageSize).map((r) => r.id);
  const items = ids.length ? await listAdminThemes(db, ids) : [];
  const order = new Map(ids.map((id, i) => [id, i]));
  items.sort((a, b) => order.get(a._id)! - order.get(b._id)!);
  return { items, total: matching.length, page, pageSize };
}

