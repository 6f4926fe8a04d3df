/**
 * The digest job: turns due notification events into one mail per recipient. A recipient is due when their oldest
 * unsent event is at least a window old (10 minutes by default: NOTIFICATION_DIGEST_MINUTES) and their last digest
 * too, so a burst of submissions makes one mail listing them all, and nobody gets more than one mail per window.
 *
 * Nothing can be lost or doubled: the events are marked sent and the mail is written to the outbox in ONE
 * transaction (enqueueMail in the caller's transaction). A crash before the commit leaves the events unsent (the
 * next round takes them again); after it, the mail is in the outbox, which the delivery worker owns. Two jobs at
 * once (two rounds, two processes) cannot both send: inside the transaction the events must still be unsent, and
 * the recipient must have had no digest within the window, or the transaction is rolled back.
 *
 * Tests call `runOnce()` with an injected clock; the server runs it in the shared poller (worker.ts).
 */
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { inWriteTurn, type Db } from "../../../db/client";
import { articleAuthors, articleRevisions, articles, contactMessages, media, notifications, users, type NotificationKind } from "../../../db/schema";
import { refusalReasonText } from "../../../shared/article-rules";
import type { Env } from "../../env";
import { renderMail } from "../mail/render";
import { enqueueMail } from "../mail/service";
import { adminListHref, digestContent, emptyDigest, type Digest } from "./content";
import { optedOut, TOPIC_OF } from "./topics";

/** Recipients handled per round (a full round means more are due: the poller goes on at once). */
export const DIGEST_BATCH = 50;
/** Sent events are kept this long (the last one per recipient is all the window rule needs), then purged. */
export const KEEP_SENT_MS = 30 * 24 * 3600_000;

export type DigestReport = { recipients: number; mails: number };
export type NotificationDigest = { runOnce(): Promise<DigestReport> };

type Event = { id: number; kind: NotificationKind; itemId: string };


class Taken extends Error {}

export function createNotificationDigest(opts: {
  db: Db;
  env: Pick<Env, "mailFrom" | "publicUrl" | "notificationDigestMinutes">;
  now?: () => Date;
  /** Test seam: runs after a recipient's events were read and before their transaction (another round may run there). */
  beforeClaim?: (recipientId: string) => Promise<void>;
  /** Where a recipient's failure goes (their events stay unsent and are tried again next round). */
  log?: (message: string, error: unknown) => void;
}): NotificationDigest {
  const { db, env } = opts;
  const log = opts.log ?? ((m: string, e: unknown) => console.error(m, e));
  const now = opts.now ?? (() => new Date());
  const windowMs = env.notificationDigestMinutes * 60_000;

  /** Recipients with an event at least a window old and no digest within the window. */
  async function dueRecipients(t: Date): Promise<string[]> {
    const cutoff = t.getTime() - windowMs;
    const rows = await db
      .selectDistinct({ id: notifications.recipientId })
      .from(notifications)
      .where(
        and(
          isNull(notifications.sentAt),
          lte(notifications.createdAt, new Date(cutoff)),
          sql`not exists (select 1 from ${notifications} as recent where recent.recipient_id = ${notifications.recipientId} and recent.sent_at > ${cutoff})`,
        ),
      )
      .limit(DIGEST_BATCH);
    return rows.map((r) => r.id);
  }

  /** What is still worth telling `recipient` about `events` (items gone or already handled are left out). */
  async function digestOf(recipient: { id: string; firstname: string; role: string }, events: Event[]): Promise<Digest> {
    const off = await optedOut(db, recipient.id);
    const wanted = events.filter((e) => !off.has(TOPIC_OF[e.kind]) && (recipient.role === "admin" || (!e.kind.endsWith("-submitted") && e.kind !== "contact-received")));
    const ids = (kinds: NotificationKind[]) => [...new Set(wanted.filter((e) => kinds.includes(e.kind)).map((e) => e.itemId))];
    const d = emptyDigest(recipient.firstname);
    const articleKinds: NotificationKind[] = ["article-submitted", "article-approved", "article-online", "article-edit-submitted", "article-edit-refused", "article-edit-approved"];
    const [articleRows, mediaRows, messageRows, refusalRows] = await Promise.all([
      ids(articleKinds).length
        ? db
            .select({
              id: articles.id,
              title: articles.title,
              url: articles.url,
              approved: articles.approved,
              online: articles.online,
              pendingEdit: sql<number>`${articles.pendingRevisionId} is not null`,
            })
            .from(articles)
            .where(inArray(articles.id, ids(articleKinds)))
        : [],
      ids(["media-submitted", "media-approved", "media-online"]).length
        ? db
            .select({ id: media.id, title: media.title, url: media.url, type: media.type, approved: media.approved, online: media.online })
            .from(media)
            .where(inArray(media.id, ids(["media-submitted", "media-approved", "media-online"])))
        : [],
      ids(["contact-received"]).length
        ? db
            .select({ id: contactMessages.id, subject: contactMessages.subject, name: contactMessages.name, readAt: contactMessages.readAt })
            .from(contactMessages)
            .where(inArray(contactMessages.id, ids(["contact-received"])))
        : [],
      // The reason of each refused edit, the latest refusal first (issue 32 §3).
      ids(["article-edit-refused"]).length
        ? db
            .select({ articleId: articleRevisions.articleId, reason: articleRevisions.reviewReason })
            .from(articleRevisions)
            .where(and(inArray(articleRevisions.articleId, ids(["article-edit-refused"])), eq(articleRevisions.review, "refused")))
            .orderBy(desc(articleRevisions.reviewedAt))
        : [],
    ]);
    const reasonOf = new Map<string, string | null>();
    for (const r of refusalRows) if (!reasonOf.has(r.articleId)) reasonOf.set(r.articleId, r.reason);
    // An author is told about an article still theirs only (authors can change).
    const stillAuthor = new Set(
      articleRows.length
        ? (
            await db
              .select({ id: articleAuthors.articleId })
              .from(articleAuthors)
              .where(and(eq(articleAuthors.userId, recipient.id), inArray(articleAuthors.articleId, articleRows.map((a) => a.id))))
          ).map((r) => r.id)
        : [],
    );
    const has = (kind: NotificationKind, id: string) => wanted.some((e) => e.kind === kind && e.itemId === id);
    // Oldest first, as they happened.
    const order = (id: string) => wanted.findIndex((e) => e.itemId === id);
    for (const a of [...articleRows].sort((x, y) => order(x.id) - order(y.id))) {
      if (has("article-submitted", a.id) && !a.approved) {
        d.pendingArticles.push({ title: a.title, href: adminListHref("/admin/articles", "status=pending", a.title) });
      }
      if ((has("article-approved", a.id) || has("article-online", a.id)) && a.approved && stillAuthor.has(a.id)) {
        if (a.online) d.articlesOnline.push({ title: a.title, href: `/article/${encodeURIComponent(a.url)}` });
        else if (has("article-approved", a.id)) d.articlesApproved.push({ title: a.title, href: adminListHref("/user/articles", "status=approved", a.title) });
      }
      // An edit still waiting (not approved, refused or replaced by an admin's own save since).
      if (has("article-edit-submitted", a.id) && a.approved && a.pendingEdit) {
        d.pendingEdits.push({ title: a.title, href: adminListHref("/admin/articles", "status=edited", a.title) });
      }
      if (stillAuthor.has(a.id)) {
        // Authors are told of a refusal even after saving again: the reason is worth reading.
        if (has("article-edit-refused", a.id)) {
          d.editsRefused.push({
            title: a.title,
            text: refusalReasonText(reasonOf.get(a.id) ?? null),
            // The article's form, which shows the refusal and its reason.
            href: `/user/articles?edit=${encodeURIComponent(a.id)}`,
          });
        }
        if (has("article-edit-approved", a.id) && a.approved) {
          d.editsApproved.push(
            a.online
              ? { title: a.title, text: "La page publique montre la nouvelle version.", href: `/article/${encodeURIComponent(a.url)}` }
              : { title: a.title, text: "L'article est hors ligne pour l'instant.", href: adminListHref("/user/articles", "status=approved", a.title) },
          );
        }
      }
    }
    for (const m of [...mediaRows].sort((x, y) => order(x.id) - order(y.id))) {
      if (has("media-submitted", m.id) && !m.approved) {
        d.pendingMedia.push({ title: m.title, href: adminListHref("/admin/media", "status=pending", m.title) });
      }
      if ((has("media-approved", m.id) || has("media-online", m.id)) && m.approved) {
        const page = m.type === "audio" || m.type === "video" ? `/mediatheque/${m.type}/` : "/media/";
        if (m.online) d.mediaOnline.push({ title: m.title, href: `${page}${encodeURIComponent(m.url)}` });
        else if (has("media-approved", m.id)) d.mediaApproved.push({ title: m.title, href: adminListHref("/user/media", "mine=1", m.title) });
      }
    }
    for (const c of [...messageRows].sort((x, y) => order(x.id) - order(y.id))) {
      // A message an admin already opened needs no reminder.
      if (c.readAt === null) d.contactMessages.push({ title: c.subject, text: `De ${c.name}`, href: adminListHref("/admin/contact", "unread=1", c.subject) });
    }
    return d;
  }

  /** One recipient's digest: reads what to say, then marks the events and enqueues the mail in one transaction. */
  async function digestFor(recipientId: string, t: Date): Promise<boolean> {
    const [recipient] = await db
      .select({ id: users.id, firstname: users.firstname, name: users.name, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, recipientId));
    if (!recipient) return false;
    const events: Event[] = await db
      .select({ id: notifications.id, kind: notifications.kind, itemId: notifications.itemId })
      .from(notifications)
      .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.sentAt), lte(notifications.createdAt, t)))
      .orderBy(asc(notifications.id));
    if (events.length === 0) return false;
    const content = digestContent(await digestOf(recipient, events));
    const cutoff = new Date(t.getTime() - windowMs);
    await opts.beforeClaim?.(recipientId);
    try {
      return await db.transaction(async (tx) => {
        // Another round or process sent a digest meanwhile: its events are not ours to send again.
        const [recent] = await tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.recipientId, recipientId), gt(notifications.sentAt, cutoff)))
          .limit(1);
        if (recent) throw new Taken();
        const marked = await tx
          .update(notifications)
          .set({ sentAt: t })
          .where(and(inArray(notifications.id, events.map((e) => e.id)), isNull(notifications.sentAt)))
          .returning({ id: notifications.id });
        if (marked.length !== events.length) throw new Taken();
        if (!content) return false;
        await enqueueMail(
          tx,
          env,
          {
            kind: "notification",
            to: { name: `${recipient.firstname} ${recipient.name}`, address: recipient.email },
            ...renderMail(env, content),
            // The first event names the digest: even a second enqueue of the same digest would write nothing.
            key: `notification:${recipientId}:${events[0]!.id}`,
          },
          t,
        );
        return true;
      });
    } catch (e) {
      if (e instanceof Taken) return false;
      throw e;
    }
  }

  return {
    runOnce: async () => {
      const t = now();
      const due = await dueRecipients(t);
      let mails = 0;
      for (const id of due) {
        try {
          if (await digestFor(id, t)) mails++;
        } catch (e) {
          // One recipient's failure (an address the outbox refuses) must not hold back everyone else's digest.
          log(`notification digest for member ${id} failed; their events stay unsent`, e);
        }
      }
      // A lone write takes its turn too (db/client.ts): a transaction of this process may hold the lock.
      await inWriteTurn(db, async () => db.delete(notifications).where(lte(notifications.sentAt, new Date(t.getTime() - KEEP_SENT_MS))));
      return { recipients: due.length, mails };
    },
  };
}
