/**
 * Bulk actions of the back office (issue 19 §1): approve, put online, put offline, add a theme or delete many
 * articles in one call. The route writes one journal entry per article itself (the journal hook, which writes one
 * per request, leaves routes that say they journal themselves: api/plugins/audit.ts) and asks for ONE site
 * rebuild for the whole batch.
 */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles, articleThemes, themes } from "../../../db/schema";
import { BadRequestError } from "../../lib/errors";
import { listWhere } from "../../lib/list-query";
import { recordAudits, type NewAuditEntry } from "../audit/service";
import { ARTICLE_LIST, articleWhere } from "./listing";
import { BULK_ACTIONS, BULK_MAX, type BulkArticlesBody, type BulkResult } from "./model";
import { deleteArticle } from "./writes";

type Action = (typeof BULK_ACTIONS)[number];
type Actor = { id: string; nickname: string };

const TOO_MANY = `Au plus ${BULK_MAX.toLocaleString("fr-FR")} articles par opération : affinez la sélection.`;

/** What the journal says each action did (the action names the per-item journal uses elsewhere). */
const JOURNAL: Record<Action, { action: string; state: string | null }> = {
  approve: { action: "approve", state: "approuvé" },
  online: { action: "online", state: "mis en ligne" },
  offline: { action: "online", state: "mis hors ligne" },
  theme: { action: "update", state: null },
  delete: { action: "delete", state: null },
};

/**
 * The articles a call names: its ids (unknown ones ignored), or every article matching its filter, selected by
 * the admin list's own WHERE (filters and search) so « all N matching » are the rows the list counted.
 */
async function targets(db: Db, body: BulkArticlesBody): Promise<{ id: string; title: string }[]> {
  const filter = body.filter ?? {};
  const where = body.ids ? inArray(articles.id, body.ids) : listWhere(ARTICLE_LIST, filter, articleWhere(filter));
  // One more than the cap: enough to know the selection is too large without reading it all.
  return db.select({ id: articles.id, title: articles.title }).from(articles).where(where).limit(BULK_MAX + 1);
}

export async function bulkArticles(db: Db, uploadsDir: string, body: BulkArticlesBody, actor: Actor): Promise<BulkResult> {
  const action = body.action;
  if (!body.ids === !body.filter) throw new BadRequestError("Choisissez les articles : une liste d'identifiants ou un filtre.");
  if (body.ids?.length === 0) throw new BadRequestError("Aucun article sélectionné.");
  let themeName = "";
  if (action === "theme") {
    const [theme] = body.themeId ? await db.select({ name: themes.name }).from(themes).where(eq(themes.id, body.themeId)) : [];
    if (!theme) throw new BadRequestError("Choisissez un thème existant.");
    themeName = theme.name;
  }
  const rows = await targets(db, body);
  if (rows.length > BULK_MAX) throw new BadRequestError(TOO_MANY);
  if (rows.length === 0) throw new BadRequestError("Aucun article ne correspond à la sélection.");
  const ids = rows.map((r) => r.id);
  const now = new Date();

  const journal = JOURNAL[action];
  const entries: NewAuditEntry[] = rows.map((row) => ({
    userId: actor.id,
    actor: actor.nickname,
    action: journal.action,
    route: "POST /api/admin/articles/bulk",
    itemKind: "article",
    itemId: row.id,
    title: row.title,
    summary: [row.title, journal.state ?? (action === "theme" ? `thème ${themeName} ajouté` : null)].filter(Boolean).join(" — "),
  }));
  if (action === "delete") {
    // One by one: each deletion also removes its picture files, which no transaction can take back.
    for (const id of ids) await deleteArticle(db, uploadsDir, id, { id: actor.id, admin: true });
    await recordAudits(db, entries, now);
  } else {
    // The change and its journal entries together: a failure leaves neither.
    await db.transaction(async (tx) => {
      if (action === "approve") await tx.update(articles).set({ approved: true, updatedAt: now }).where(inArray(articles.id, ids));
      else if (action === "theme") {
        await tx.insert(articleThemes).values(ids.map((articleId) => ({ articleId, themeId: body.themeId! }))).onConflictDoNothing();
      } else await tx.update(articles).set({ online: action === "online", updatedAt: now }).where(inArray(articles.id, ids));
      await recordAudits(tx, entries, now);
    });
  }
  const n = rows.length;
  const noun = n === 1 ? "article" : "articles";
  const done = { approve: n === 1 ? "approuvé" : "approuvés", online: "mis en ligne", offline: "mis hors ligne", theme: `${n === 1 ? "ajouté" : "ajoutés"} au thème ${themeName}`, delete: n === 1 ? "supprimé" : "supprimés" }[action];
  return { action, count: n, message: `${n.toLocaleString("fr-FR")} ${noun} ${done}.` };
}
