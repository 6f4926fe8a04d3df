/**
 * Bulk deletion of themes (issue 19 §1), under the rule of one deletion (api/modules/themes/service.ts): the
 * articles and events carrying a theme lose it (the link tables cascade) and stay as they were otherwise. The
 * deletion and its journal entries (one per theme) are one transaction; the route asks for ONE rebuild.
 */
import { countDistinct, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articleThemes, eventThemes, themes } from "../../../db/schema";
import { bulkJournal, bulkTargets, type BulkResult } from "../../lib/bulk";
import { listWhere } from "../../lib/list-query";
import { recordAudits } from "../audit/service";
import { THEME_LIST } from "./listing";
import { THEME_NOUNS, type BulkThemesBody } from "./model";

const count = (n: number, one: string, many: string) => `${n.toLocaleString("fr-FR")} ${n === 1 ? one : many}`;

/** « (retirés de 3 articles et 1 événement) »: what lost the themes, each article or event counted once. */
async function unlinked(db: Db, ids: string[]): Promise<string> {
  const [[a], [e]] = await Promise.all([
    db.select({ n: countDistinct(articleThemes.articleId) }).from(articleThemes).where(inArray(articleThemes.themeId, ids)),
    db.select({ n: countDistinct(eventThemes.eventId) }).from(eventThemes).where(inArray(eventThemes.themeId, ids)),
  ]);
  const parts = [a?.n ? count(a.n, "article", "articles") : null, e?.n ? count(e.n, "événement", "événements") : null].filter(Boolean);
  return parts.length ? ` (${ids.length === 1 ? "retiré" : "retirés"} de ${parts.join(" et ")})` : "";
}

export async function bulkThemes(db: Db, body: BulkThemesBody, actor: { id: string; nickname: string }): Promise<BulkResult> {
  const filter = body.filter ?? {};
  const rows = await bulkTargets(db, { table: themes, id: themes.id, label: themes.name }, body, () => listWhere(THEME_LIST, filter, []), THEME_NOUNS);
  const ids = rows.map((r) => r.id);
  const now = new Date();
  const lost = await unlinked(db, ids);
  const entries = bulkJournal(rows, actor, { route: "POST /api/admin/themes/bulk", itemKind: "theme", action: "delete", state: null });
  await db.transaction(async (tx) => {
    await tx.delete(themes).where(inArray(themes.id, ids));
    await recordAudits(tx, entries, now);
  });
  const n = rows.length;
  return { action: body.action, count: n, message: `${count(n, "thème supprimé", "thèmes supprimés")}${lost}.` };
}
