/**
 * Which notifications a member receives: four topics, each on unless they switched it off in their profile
 * (« Notifications »). Admins have all four; other members only those about their own contributions.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { notificationOptOuts, NOTIFICATION_TOPICS, type NotificationKind, type NotificationTopic } from "../../../db/schema";

/** The setting that governs each kind of event. */
export const TOPIC_OF: Record<NotificationKind, NotificationTopic> = {
  "article-submitted": "submissions",
  "media-submitted": "submissions",
  "contact-received": "contact",
  "article-approved": "articles",
  "article-online": "articles",
  "media-approved": "media",
  "media-online": "media",
  "article-edit-submitted": "submissions",
  "article-edit-refused": "articles",
  "article-edit-approved": "articles",
};

/** Topics only admins have (the events behind them are only ever recorded for admins). */
export const ADMIN_TOPICS: readonly NotificationTopic[] = ["submissions", "contact"];

export const topicsFor = (role: string): NotificationTopic[] =>
  NOTIFICATION_TOPICS.filter((t) => role === "admin" || !ADMIN_TOPICS.includes(t));

/** The topics a member switched off. */
export async function optedOut(db: Pick<Db, "select">, userId: string): Promise<Set<NotificationTopic>> {
  const rows = await db.select({ topic: notificationOptOuts.topic }).from(notificationOptOuts).where(eq(notificationOptOuts.userId, userId));
  return new Set(rows.map((r) => r.topic));
}

export type NotificationSettings = Partial<Record<NotificationTopic, boolean>>;

/** The member's settings: every topic they have, on unless switched off. */
export async function readSettings(db: Db, user: { id: string; role: string }): Promise<NotificationSettings> {
  const off = await optedOut(db, user.id);
  return Object.fromEntries(topicsFor(user.role).map((t) => [t, !off.has(t)]));
}

/** Saves the topics given (others stay as they are) in one batch, and answers the whole settings. */
export async function saveSettings(db: Db, user: { id: string; role: string }, changes: NotificationSettings): Promise<NotificationSettings> {
  const entries = Object.entries(changes).filter((e): e is [NotificationTopic, boolean] => typeof e[1] === "boolean");
  const on = entries.filter(([, v]) => v).map(([t]) => t);
  const off = entries.filter(([, v]) => !v).map(([t]) => t);
  const steps = [
    ...(on.length ? [db.delete(notificationOptOuts).where(and(eq(notificationOptOuts.userId, user.id), inArray(notificationOptOuts.topic, on)))] : []),
    ...(off.length ? [db.insert(notificationOptOuts).values(off.map((topic) => ({ userId: user.id, topic }))).onConflictDoNothing()] : []),
  ];
  if (steps.length) await db.batch(steps as [(typeof steps)[number], ...(typeof steps)[number][]]);
  return readSettings(db, user);
}
