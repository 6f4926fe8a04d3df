/**
 * Scheduled publication of articles (issue 20 §5): an article whose `publish_at` has come is approved, with its
 * pending edit applied (revisions.ts), by the server itself, nobody online. The work lives in the rows: what is due
 * is read from `publish_at` (articles_publish_at_idx), and each publication clears it in the same batch, guarded
 * by its old value, so a restart loses nothing (the next round finds what is still due) and two rounds (or two
 * processes) never publish twice. The site rebuild follows each round (api/modules/schedule/worker.ts); a crash
 * between the two is covered by the full build every server start makes.
 */
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { articles, auditLog } from "../../../db/schema";
import { editReviewEvents, flagEvents } from "../notifications/events";
import { applyPendingSteps, approvedRevisionStep, sealRevisions } from "./revisions";
import { failedOnStaleGuard, staleGuard } from "./writes";

type Step = BatchItem<"sqlite">;

/** Who the journal names for a scheduled publication. */
export const SCHEDULE_ACTOR = "publication programmée";
/** Articles published per round: a server closed for long catches up in rounds. */
export const SCHEDULE_BATCH = 50;

/** Publishes the articles due at `now`; answers those published and whether more are already due. */
export async function publishDueArticles(db: Db, now: Date): Promise<{ published: { id: string; title: string }[]; more: boolean }> {
  const due = await db
    .select({ id: articles.id, title: articles.title, approved: articles.approved, pendingRevisionId: articles.pendingRevisionId, publishAt: articles.publishAt })
    .from(articles)
    .where(and(lte(articles.publishAt, now), isNull(articles.deletedAt)))
    .orderBy(asc(articles.publishAt))
    .limit(SCHEDULE_BATCH);
  const published: { id: string; title: string }[] = [];
  for (const row of due) {
    const steps: Step[] = [
      // Claims the publication: matches no row when another round already made it (staleGuard then undoes all).
      db.update(articles).set({ publishAt: null }).where(and(eq(articles.id, row.id), eq(articles.publishAt, row.publishAt!))),
      staleGuard(db),
      // The authors' notification reads the flag as it was: before the update.
      ...flagEvents(db, "article", row.approved ? "" : "approved", [row.id], now),
      // Likewise the authors of a scheduled edit, and « Historique »'s « Approuvée » (issue 32 §3).
      ...editReviewEvents(db, "approved", [row.id], now),
      approvedRevisionStep(db, row.id, now),
      ...(await applyPendingSteps(db, row, now)),
      sealRevisions(db, [row.id]),
      db.update(articles).set({ approved: true, updatedAt: now }).where(eq(articles.id, row.id)),
      db.insert(auditLog).values({
        id: newId(),
        userId: null,
        actor: SCHEDULE_ACTOR,
        action: "approve",
        route: "publication programmée",
        itemKind: "article",
        itemId: row.id,
        title: row.title.slice(0, 300),
        summary: `${row.title} — publié à l'heure prévue`.slice(0, 300),
        createdAt: now,
      }),
    ];
    try {
      await db.batch(steps as [Step, ...Step[]]);
      published.push({ id: row.id, title: row.title });
    } catch (e) {
      if (!failedOnStaleGuard(e)) throw e;
    }
  }
  return { published, more: due.length === SCHEDULE_BATCH };
}
