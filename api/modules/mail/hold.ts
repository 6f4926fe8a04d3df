/**
 * Messages held after a restore (issue 30 §5). A backup's outbox holds messages that were waiting or being sent
 * when it was taken; many of them left afterwards, before the site was restored. Sent again on their own they
 * would reach people twice (a reset link, a whole newsletter batch), so `npm run restore` puts every such message
 * in the state `held` (never claimed by the worker: delivery.ts takes `pending` and lapsed `sending` only) and an
 * administrator decides, with « Reprendre l'envoi » in « Courriels » (api/modules/delivery-hold).
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { mailOutbox } from "../../../db/schema";

/** Every waiting or in-flight message is held; returns how many. */
export async function holdOutbox(db: Db, now = new Date()): Promise<number> {
  const held = await db
    .update(mailOutbox)
    .set({ state: "held", leaseUntil: null, updatedAt: now })
    .where(inArray(mailOutbox.state, ["pending", "sending"]))
    .returning({ id: mailOutbox.id });
  return held.length;
}

/** Held messages back to pending, due now (their attempts so far still count); returns how many. */
export async function releaseOutbox(db: Db, now = new Date()): Promise<number> {
  const released = await db
    .update(mailOutbox)
    .set({ state: "pending", nextAttemptAt: now, updatedAt: now })
    .where(eq(mailOutbox.state, "held"))
    .returning({ id: mailOutbox.id });
  return released.length;
}

export async function heldMessageCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(mailOutbox).where(eq(mailOutbox.state, "held"));
  return Number(row?.n ?? 0);
}
