/**
 * Deliveries held after a restore (issue 30 §5): what `npm run restore` pauses (messages of the outbox, issues of
 * the newsletter that were leaving) and what « Reprendre l'envoi » lets go. Sits above the two modules it pauses:
 * each keeps its own rule (api/modules/mail/hold.ts, api/modules/newsletter-issues/sending.ts).
 */
import type { Db } from "../../../db/client";
import { plural } from "../../lib/plural";
import { heldMessageCount, holdOutbox, releaseOutbox } from "../mail/hold";
import { heldIssueCount, holdSendingIssues, resumeHeldIssues } from "../newsletter-issues/sending";
import type { HeldDeliveries, ResumeAnswer } from "./model";

/** Pauses everything that would leave on its own; run on a restored database before the server opens it. */
export async function holdDeliveries(db: Db, now = new Date()): Promise<HeldDeliveries> {
  return { messages: await holdOutbox(db, now), issues: await holdSendingIssues(db, now) };
}

export async function heldDeliveries(db: Db): Promise<HeldDeliveries> {
  return { messages: await heldMessageCount(db), issues: await heldIssueCount(db) };
}

/** « Reprendre l'envoi »: the held messages are due now, the paused issues send their next batch. */
export async function resumeDeliveries(db: Db, now = new Date()): Promise<ResumeAnswer> {
  const issues = await resumeHeldIssues(db, now);
  const messages = await releaseOutbox(db, now);
  const parts = [plural(messages, "courriel"), ...(issues ? [plural(issues, "numéro de la lettre", "numéros de la lettre")] : [])];
  return {
    messages,
    issues,
    message: messages + issues === 0 ? "Aucun envoi n'était suspendu." : `Envoi repris\u00a0: ${parts.join(" et ")}.`,
  };
}
