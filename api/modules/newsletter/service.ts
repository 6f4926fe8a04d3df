/**
 * Subscriptions to the newsletter (issue 21 §4), with double opt-in:
 * - `subscribe` answers the same for every address (new, pending, confirmed, unsubscribed) after the same work (a
 *   token made, a mail rendered); a new, pending or unsubscribed address gets a pending row and one confirmation
 *   mail, in one transaction. Nothing else is ever sent to a pending address.
 * - `confirm` turns a pending row confirmed by the token of its latest link (7 days at most).
 * - `unsubscribe` needs the signed link (links.ts) or the member's own session; a forged link changes nothing.
 */
import { and, eq, ne, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { newsletterSubscribers, type SubscriberRow, type SubscriberSource } from "../../../db/schema";
import { NEWSLETTER_CONSENT } from "../../../shared/newsletter";
import type { Env } from "../../env";
import { BadRequestError, TooManyRequestsError } from "../../lib/errors";
import { isMailAddress } from "../../lib/mail-address";
import { mailSite, renderMail, type RenderedMail } from "../mail/render";
import { enqueueMail, type OutgoingMail } from "../mail/service";
import { newToken } from "../password-reset/tokens";
import { takeSubscribe, type NewsletterLimits } from "./limits";
import { confirmTokenHash, isUnsubscribeSig, unsubscribePageUrl } from "./links";
import { confirmMailContent } from "./mail";
import { BAD_ADDRESS, BAD_CONFIRM_LINK, BAD_UNSUBSCRIBE_LINK, CONFIRMED, SUBSCRIBE_ANSWER, TOO_MANY_SUBSCRIBES, UNSUBSCRIBED } from "./messages";

/** An unconfirmed subscription lives this long: its link stops working, then the purge deletes it (purge.ts). */
export const PENDING_LIFETIME_MS = 7 * 24 * 60 * 60_000;

export type NewsletterEnv = Pick<Env, "mailFrom" | "publicUrl" | "twoFactorKey">;

/**
 * The address as stored: spaces around it dropped, lower case. Only spaces: a CR or LF anywhere (header
 * injection) must reach `isMailAddress` and be refused, not be trimmed into a valid address.
 */
export function subscriberEmail(raw: string): string {
  const email = raw.replace(/^ +| +$/g, "").toLowerCase();
  // A domain with a dot: « a@b » is a valid address for the outbox (a local host) but never a reader's.
  if (!isMailAddress(email) || !/@[^@]+\.[a-z0-9-]{2,}$/.test(email)) throw new BadRequestError(BAD_ADDRESS);
  return email;
}

/** The confirmation message, its link masked in the copy admins read (api/modules/mail/secrets.ts). */
export function confirmMail(email: string, rendered: RenderedMail, token: string, hash: string, subscriberId: string, now: Date): OutgoingMail {
  return {
    kind: "newsletter-confirm",
    to: email,
    ...rendered,
    key: `newsletter-confirm:${hash}`,
    secrets: [{ value: token, expiresAt: new Date(now.getTime() + PENDING_LIFETIME_MS) }],
    linkRef: subscriberId,
  };
}

export type SubscribeRequest = { email: string; source: SubscriberSource; userId?: string | null };

export class Newsletter {
  constructor(
    private readonly db: Db,
    private readonly env: NewsletterEnv,
    private readonly limits: NewsletterLimits,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Records a subscription request; the answer never says whether the address was known. */
  async subscribe(request: SubscribeRequest, client: string): Promise<string> {
    const email = subscriberEmail(request.email);
    // Counted before any work, per client and per mailbox (`name+tag@` counts as `name@`).
    const wait = await takeSubscribe(this.limits, client, email);
    if (wait > 0) throw new TooManyRequestsError(TOO_MANY_SUBSCRIBES, wait);
    await this.request(email, request.source, request.userId ?? null);
    return SUBSCRIBE_ANSWER;
  }

  /** The state of `email` after a request: a pending row with a fresh link (and its mail), or an unchanged confirmed one. */
  private async request(email: string, source: SubscriberSource, userId: string | null): Promise<SubscriberRow["state"]> {
    const { token, hash } = await newToken();
    // Rendered for every request, known address or not, so all cost the same work.
    const render = (id: string) => renderMail(this.env, confirmMailContent(mailSite(this.env).name, token, unsubscribePageUrl(this.env, { id })));
    const now = this.now();
    const pending = { state: "pending" as const, confirmTokenHash: hash, consentText: NEWSLETTER_CONSENT, consentAt: now, source, requestedAt: now, updatedAt: now };
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).limit(1);
      const id = row?.id ?? newId();
      const rendered = render(id);
      if (!row) {
        const inserted = await tx
          .insert(newsletterSubscribers)
          .values({ id, email, userId, ...pending, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: newsletterSubscribers.id });
        // A parallel request for the same address won: it sends the one mail.
        if (inserted.length === 0) return "pending";
      } else if (row.state === "confirmed") {
        // Already receiving the letter: nothing to send, nothing to change (a member's account is linked, though).
        if (userId && !row.userId) await tx.update(newsletterSubscribers).set({ userId, updatedAt: now }).where(eq(newsletterSubscribers.id, row.id));
        return "confirmed";
      } else {
        // A new link replaces the previous one; the purge counts 7 days from this request.
        await tx.update(newsletterSubscribers).set({ ...pending, userId: userId ?? row.userId }).where(eq(newsletterSubscribers.id, id));
      }
      await enqueueMail(tx, this.env, confirmMail(email, rendered, token, hash, id, now), now);
      return "pending";
    });
  }

  /** Confirms the subscription of a confirmation link; 400 (nothing changed) for a malformed, unknown or expired token. */
  async confirm(token: string): Promise<string> {
    const hash = await confirmTokenHash(token);
    if (!hash) throw new BadRequestError(BAD_CONFIRM_LINK);
    const [row] = await this.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.confirmTokenHash, hash)).limit(1);
    if (!row) throw new BadRequestError(BAD_CONFIRM_LINK);
    // A second click on the same link: still confirmed, nothing to do.
    if (row.state === "confirmed") return CONFIRMED;
    const now = this.now();
    if (row.state !== "pending" || row.requestedAt.getTime() + PENDING_LIFETIME_MS <= now.getTime()) throw new BadRequestError(BAD_CONFIRM_LINK);
    const done = await this.db
      .update(newsletterSubscribers)
      .set({ state: "confirmed", confirmedAt: now, unsubscribedAt: null, updatedAt: now })
      .where(and(eq(newsletterSubscribers.id, row.id), eq(newsletterSubscribers.state, "pending"), eq(newsletterSubscribers.confirmTokenHash, hash)))
      .returning({ id: newsletterSubscribers.id });
    if (done.length === 0) throw new BadRequestError(BAD_CONFIRM_LINK);
    return CONFIRMED;
  }

  /**
   * Unsubscribes by a signed link. A valid signature whose subscriber is gone (deleted by an admin) answers the
   * same: the person is not on the list, which is what they asked.
   */
  async unsubscribeByLink(id: string, sig: string): Promise<string> {
    if (!isUnsubscribeSig(this.env, id, sig)) throw new BadRequestError(BAD_UNSUBSCRIBE_LINK);
    await this.unsubscribe(id);
    return UNSUBSCRIBED;
  }

  private async unsubscribe(id: string): Promise<void> {
    const now = this.now();
    // The confirmation link dies too: an old confirmation mail must not bring the address back.
    await this.db
      .update(newsletterSubscribers)
      .set({ state: "unsubscribed", unsubscribedAt: now, confirmTokenHash: null, updatedAt: now })
      .where(and(eq(newsletterSubscribers.id, id), ne(newsletterSubscribers.state, "unsubscribed")));
  }

  /** The subscription of a member: the row linked to their account, else the one of their address. */
  async ofMember(user: { id: string; email: string }): Promise<SubscriberRow | null> {
    const [row] = await this.db
      .select()
      .from(newsletterSubscribers)
      .where(or(eq(newsletterSubscribers.userId, user.id), eq(newsletterSubscribers.email, user.email.toLowerCase())))
      .limit(1);
    return row ?? null;
  }

  /** A member subscribes (a confirmation mail to their account's address) or unsubscribes (at once) from their profile. */
  async setMember(user: { id: string; email: string }, subscribed: boolean, client: string): Promise<string> {
    if (!subscribed) {
      const row = await this.ofMember(user);
      if (row) await this.unsubscribe(row.id);
      return UNSUBSCRIBED;
    }
    const email = subscriberEmail(user.email);
    const wait = await takeSubscribe(this.limits, client, email);
    if (wait > 0) throw new TooManyRequestsError(TOO_MANY_SUBSCRIBES, wait);
    // Their own subscription: the member may be told where it stands.
    const state = await this.request(email, "profile", user.id);
    return state === "confirmed"
      ? "Vous êtes déjà inscrit à la lettre d'information."
      : `Un e-mail de confirmation vient d'être envoyé à ${email}. Suivez le lien qu'il contient pour confirmer votre inscription.`;
  }
}
