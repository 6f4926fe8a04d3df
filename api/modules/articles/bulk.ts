/**
 * Bulk actions of the back office (issue 19 §1): approve, put online, put offline, add a theme or delete many
 * articles in one call. The route writes one journal entry per article itself (the journal hook, which writes one
 * per request, leaves routes that say they journal themselves: api/plugins/audit.ts) and asks for ONE site
 * rebuild for the whole batch.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles, articleThemes, themes } from "../../../db/schema";
import { bulkJournal, bulkSummary, bulkTargets, type BulkResult } from "../../lib/bulk";
import { BadRequestError } from "../../lib/errors";
import { listWhere } from "../../lib/list-query";
import { recordAudits } from "../audit/service";
import { editReviewEvents, flagEvents } from "../notifications/events";
import { ARTICLE_LIST, articleWhere } from "./listing";
import { ARTICLE_NOUNS, BULK_ACTIONS, type BulkArticlesBody } from "./model";
import { applyPendingEdits, approvedRevisionStep, sealRevisions } from "./revisions";
import { trashArticles } from "./trash";

type Action = (typeof BULK_ACTIONS)[number];
type Actor = { id: string; nickname: string };

/** What the journal says each action did (the action names the per-item journal uses elsewhere). */
const JOURNAL: Record<Action, { action: string; state: string | null }> = {
  approve: { action: "approve", state: "approuvé" },
  online: { action: "online", state: "mis en ligne" },
  offline: { action: "online", state: "mis hors ligne" },
  theme: { action: "update", state: null },
  delete: { action: "trash", state: null },
};

async function draftIds(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await db.select({ id: articles.id }).from(articles).where(and(inArray(articles.id, ids), eq(articles.draft, true)));
  return new Set(rows.map((r) => r.id));
}

export async function bulkArticles(db: Db, uploadsDir: string, body: BulkArticlesBody, actor: Actor): Promise<BulkResult> {
  const action = body.action;
  let themeName = "";
  if (action === "theme") {
    const [theme] = body.themeId ? await db.select({ name: themes.name }).from(themes).where(eq(themes.id, body.themeId)) : [];
    if (!theme) throw new BadRequestError("Choisissez un thème existant.");
    themeName = theme.name;
  }
  const filter = body.filter ?? {};
  const targets = await bulkTargets(db, { table: articles, id: articles.id, label: articles.title, live: isNull(articles.deletedAt) }, body, () => listWhere(ARTICLE_LIST, filter, articleWhere(filter)), ARTICLE_NOUNS);
  // Drafts are not submitted: approving them is refused one by one (writes.ts), and skipped here.
  const drafts = action === "approve" && targets.length ? await draftIds(db, targets.map((r) => r.id)) : new Set<string>();
  const rows = targets.filter((r) => !drafts.has(r.id));
  const ids = rows.map((r) => r.id);
  const now = new Date();
  const journal = JOURNAL[action];
  const entries = bulkJournal(rows, actor, {
    route: "POST /api/admin/articles/bulk",
    itemKind: "article",
    action: journal.action,
    state: journal.state ?? (action === "theme" ? `thème ${themeName} ajouté` : null),
  });
  if (action === "delete") {
    // To the trash, all together with their journal entries (files stay until the purge).
    await trashArticles(db, rows.map((r) => ({ id: r.id, title: r.label })), { ...actor, admin: true }, "POST /api/admin/articles/bulk", now);
  } else {
    // Approving publishes the pending edits of approved articles (revisions.ts); they are already public rows,
    // so writing them just before the approval's own transaction shows nothing unreviewed.
    if (action === "approve" && ids.length) {
      // Before the edits are applied (they read the pending pointers and flags as they were): the authors of an
      // approved edit are told, and « Historique » labels what each approval publishes (issue 32 §3).
      await db.batch([approvedRevisionStep(db, ids, now), ...editReviewEvents(db, "approved", ids, now)]);
      await applyPendingEdits(db, ids, now);
      await sealRevisions(db, ids);
    }
    // The change and its journal entries together: a failure leaves neither.
    await db.transaction(async (tx) => {
      // The authors' notifications first: they read the flags as they were (one digest per author: digest.ts).
      for (const step of flagEvents(tx, "article", action, ids, now)) await step;
      if (action === "approve") await tx.update(articles).set({ approved: true, publishAt: null, updatedAt: now }).where(inArray(articles.id, ids));
      else if (action === "theme") {
        await tx.insert(articleThemes).values(ids.map((articleId) => ({ articleId, themeId: body.themeId! }))).onConflictDoNothing();
      } else await tx.update(articles).set({ online: action === "online", updatedAt: now }).where(inArray(articles.id, ids));
      await recordAudits(tx, entries, now);
    });
  }
  const done = {
    approve: ["approuvé", "approuvés"],
    online: "mis en ligne",
    offline: "mis hors ligne",
    theme: [`ajouté au thème ${themeName}`, `ajoutés au thème ${themeName}`],
    delete: ["supprimé", "supprimés"],
  } as const;
  return { action, count: rows.length, message: bulkSummary(rows.length, ARTICLE_NOUNS, done[action]) };
}
