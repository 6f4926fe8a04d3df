/**
 * Unconfirmed subscriptions are deleted 7 days after their last request (issue 21 §4: personal data kept only for
 * a purpose). One DELETE, safe to run any number of times and from any process: a row is either due or not.
 */
import { and, eq, lte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { newsletterSubscribers } from "../../../db/schema";
import { PENDING_LIFETIME_MS } from "./service";

/** Deletes the pending subscriptions requested at least 7 days before `now`; returns how many went. */
export async function purgeUnconfirmed(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - PENDING_LIFETIME_MS);
  const gone = await db
    .delete(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.state, "pending"), lte(newsletterSubscribers.requestedAt, cutoff)))
    .returning({ id: newsletterSubscribers.id });
  return gone.length;
}
