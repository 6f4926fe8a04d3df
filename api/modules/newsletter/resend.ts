/**
 * « Renvoyer » in « Courriels » for a confirmation of the newsletter (issue 30 §4): the copy an admin reads holds
 * its link masked; resending gives the pending subscriber a fresh link (the previous one stops working) and a full
 * 7 days again, mailed to their address, never shown to the admin.
 */
import { and, eq } from "drizzle-orm";
import { newsletterSubscribers } from "../../../db/schema";
import { ConflictError, NotFoundError } from "../../lib/errors";
import { mailSite, renderMail } from "../mail/render";
import type { Resender } from "../mail/resend";
import { enqueueMail } from "../mail/service";
import { newToken } from "../password-reset/tokens";
import { unsubscribePageUrl } from "./links";
import { confirmMailContent } from "./mail";
import { confirmMail } from "./service";

export const resendNewsletterConfirmation: Resender = async (tx, env, row, now) => {
  const [subscriber] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, row.linkRef ?? ""));
  if (!subscriber) throw new NotFoundError("Cette adresse n'est plus dans la liste des abonnés\u00a0: il n'y a rien à renvoyer.");
  if (subscriber.state === "confirmed") throw new ConflictError("Cette inscription est déjà confirmée\u00a0: il n'y a rien à renvoyer.");
  if (subscriber.state !== "pending") throw new ConflictError("Cette adresse s'est désinscrite\u00a0: seule une nouvelle inscription peut la remettre dans la liste.");
  const { token, hash } = await newToken();
  await tx
    .update(newsletterSubscribers)
    .set({ confirmTokenHash: hash, requestedAt: now, updatedAt: now })
    .where(and(eq(newsletterSubscribers.id, subscriber.id), eq(newsletterSubscribers.state, "pending")));
  const rendered = renderMail(env, confirmMailContent(mailSite(env).name, token, unsubscribePageUrl(env, subscriber)));
  const queued = await enqueueMail(tx, env, confirmMail(subscriber.email, rendered, token, hash, subscriber.id, now), now);
  return { id: queued.id, subject: rendered.subject, to: subscriber.email };
};
