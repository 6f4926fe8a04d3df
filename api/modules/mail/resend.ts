/**
 * « Renvoyer » (issue 30 §4): admins never read a live secret link in « Courriels » (secrets.ts); when someone did
 * not get theirs, an admin has the feature make a fresh link and mail it to the person, never to the admin. Each
 * feature that masks links registers what a fresh link means for its kinds of message (a new reset link for the
 * member, a new confirmation for the subscriber…); the composition is in index.ts, so this module imports none of
 * them. The fresh message, its link and the journal entry naming the admin commit together.
 *
 * The message resent is replaced: if it has not left (waiting, held after a restore, or failed), it never will.
 * Its link is stale, often cancelled by the fresh one, and « Reprendre l'envoi » or « Réessayer » would otherwise
 * mail the person a second, dead link after the working one.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { mailOutbox, type MailRow, type UserRow } from "../../../db/schema";
import type { Env } from "../../env";
import { ConflictError, NotFoundError } from "../../lib/errors";
import { recordAudits } from "../audit/service";
import type { MailQueuedAnswer } from "./model";
import { forgetSecrets } from "./secrets";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What a feature's resender queued: the new message's id, subject and recipient. */
export type Resent = { id: string; subject: string; to: string };

/**
 * Makes a fresh link for the item `row.linkRef` names and queues its message (with `enqueueMail`'s `secrets`), in
 * `tx`. Throws a French 404 or 409 when there is nothing to resend (the member is gone, the subscription is
 * confirmed already…).
 */
export type Resender = (tx: Tx, env: Env, row: MailRow, now: Date) => Promise<Resent>;

/** Resenders by the outbox's `kind`. */
export type Resenders = Readonly<Record<string, Resender>>;

/** The last error of a message « Renvoyer » replaced before it left. */
export const REPLACED = "Remplacé par un nouveau lien («\u00a0Renvoyer\u00a0»)\u00a0: ce courriel ne partira pas.";

export const NOT_RESENDABLE = "Ce courriel ne contient pas de lien personnel\u00a0: il n'y a rien à renvoyer («\u00a0Réessayer\u00a0» remet en file un courriel en échec).";

export async function resendMail(
  db: Db,
  env: Env,
  resenders: Resenders,
  admin: Pick<UserRow, "id" | "nickname">,
  id: string,
  now = new Date(),
): Promise<MailQueuedAnswer> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new NotFoundError("Courriel introuvable.");
  const resender = resenders[row.kind];
  if (row.masked === 0 || !row.linkRef || !resender) throw new ConflictError(NOT_RESENDABLE);
  const resent = await db.transaction(async (tx) => {
    const queued = await resender(tx, env, row, now);
    // One being sent right now is left to its worker (its lease guards the row); a sent one is history.
    const replaced = await tx
      .update(mailOutbox)
      // No link left to send or send again: neither « Renvoyer » nor « Réessayer » applies to it any more.
      .set({ state: "failed", leaseUntil: null, lastError: REPLACED, linkRef: null, updatedAt: now })
      .where(and(eq(mailOutbox.id, row.id), inArray(mailOutbox.state, ["pending", "held", "failed"])))
      .returning({ id: mailOutbox.id });
    if (replaced.length > 0) await forgetSecrets(tx, row.id);
    await recordAudits(
      tx,
      [
        {
          userId: admin.id,
          actor: admin.nickname,
          action: "resend",
          route: "POST /api/admin/mail/:id/resend",
          itemKind: "mail",
          itemId: queued.id,
          title: queued.subject,
          summary: `${queued.subject} — nouveau lien envoyé à ${queued.to}`,
        },
      ],
      now,
    );
    return queued;
  });
  return {
    _id: resent.id,
    subject: resent.subject,
    state: "pending",
    message: env.smtpUrl
      ? `Un nouveau lien est en cours d'envoi à ${resent.to}.`
      : `Un nouveau lien est placé dans la file pour ${resent.to}\u00a0: aucun serveur d'envoi n'est configuré (SMTP_URL), il y restera.`,
  };
}
