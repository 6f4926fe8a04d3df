/**
 * The review of a pending edit (issue 20 §2, issue 32 §3): an admin approves or refuses a member's edit of a
 * published article. Both are one batch guarded by the pending revision the admin saw: an edit approved, refused
 * or replaced meanwhile (another admin, the author saving again) gets 409 and nothing changes. Each labels the
 * version in « Historique » and tells the authors (a digest mail, api/modules/notifications); a refusal carries
 * the admin's optional reason, which the authors also see on the article until they save again.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles } from "../../../db/schema";
import { BadRequestError, ConflictError } from "../../lib/errors";
import { REFUSAL_REASON_MAX, RULE_MESSAGES } from "../../../shared/article-rules";
import { editReviewEvents } from "../notifications/events";
import { findArticle } from "./service";
import { applyPendingSteps, approvedRevisionStep, refusedRevisionStep, sealRevisions } from "./revisions";
import { articleForWrite, failedOnStaleGuard, runBatch, staleGuard } from "./writes";

const NO_PENDING_EDIT = "Cet article n'a pas de modification en attente.";
const EDIT_CHANGED = "Cette modification a changé entre-temps\u00a0: rechargez l'article.";

/** The reason as stored: trimmed, null when empty; too long is refused with the limit in French. */
export function refusalReason(reason: string | undefined): string | null {
  const text = (reason ?? "").replace(/\r\n?/g, "\n").trim();
  if (text.length > REFUSAL_REASON_MAX) throw new BadRequestError(RULE_MESSAGES.refusalReasonTooLong);
  return text || null;
}

/** The row and its pending revision id; 409 without one, or when the form that asks was opened at another version. */
async function pendingOf(db: Db, id: string, version?: number) {
  const row = await articleForWrite(db, id, { id: "", admin: true });
  if (!row.pendingRevisionId) throw new ConflictError(NO_PENDING_EDIT);
  if (version !== undefined && version !== row.version) throw new ConflictError(EDIT_CHANGED);
  return { row, pendingId: row.pendingRevisionId };
}

/** Runs the batch; 409 when its guarded first update matched nothing (the edit changed meanwhile). */
async function guarded(db: Db, steps: Parameters<typeof runBatch>[1]) {
  try {
    await runBatch(db, steps);
  } catch (e) {
    if (failedOnStaleGuard(e)) throw new ConflictError(EDIT_CHANGED);
    throw e;
  }
}

/**
 * « Refuser la modification »: the row (the approved text, what the public reads) stays as it is; the refused
 * version stays in « Historique », labelled with the reason and sealed, so the author's next save starts a new one;
 * a schedule set for that edit goes with it. The version moves on, so a form still holding the refused text is
 * asked to reload rather than send it back unnoticed.
 */
export async function rejectPendingEdit(db: Db, id: string, opts: { reason?: string; version?: number } = {}) {
  const reason = refusalReason(opts.reason);
  const { pendingId } = await pendingOf(db, id, opts.version);
  const now = new Date();
  await guarded(db, [
    // Both read the pointer as it was: before the update that clears it.
    ...editReviewEvents(db, "refused", [id], now),
    refusedRevisionStep(db, pendingId, reason, now),
    db
      .update(articles)
      .set({ pendingRevisionId: null, publishAt: null, version: sql`${articles.version} + 1` })
      .where(and(eq(articles.id, id), eq(articles.pendingRevisionId, pendingId))),
    staleGuard(db),
    sealRevisions(db, [id]),
  ]);
  return findArticle(db, id);
}

/**
 * « Approuver la modification »: the pending edit becomes the public text now (a schedule set for it is dropped:
 * it happens now), labelled « Approuvée » in « Historique »; its authors are told.
 */
export async function approvePendingEdit(db: Db, id: string, opts: { version?: number } = {}) {
  const { row, pendingId } = await pendingOf(db, id, opts.version);
  const now = new Date();
  await guarded(db, [
    // Claims the edit the admin saw; the rest reads the pointer, which applyPendingSteps clears last.
    db
      .update(articles)
      .set({ publishAt: null, updatedAt: now, version: sql`${articles.version} + 1` })
      .where(and(eq(articles.id, id), eq(articles.pendingRevisionId, pendingId))),
    staleGuard(db),
    ...editReviewEvents(db, "approved", [id], now),
    approvedRevisionStep(db, id, now),
    ...(await applyPendingSteps(db, row, now)),
    sealRevisions(db, [id]),
  ]);
  return findArticle(db, id);
}
