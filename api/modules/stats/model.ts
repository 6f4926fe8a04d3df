import { t, type Static } from "elysia";

/** The admin dashboard's cards, plus what an editor needs first (items waiting, unread messages, a failed build). */
export const AdminStats = t.Object({
  members: t.Object({ total: t.Number(), admins: t.Number(), users: t.Number() }),
  articles: t.Number(),
  /** Articles readers can see: approved and online. */
  publishedArticles: t.Number(),
  media: t.Number(),
  themes: t.Number(),
  events: t.Number(),
  /** Articles and media waiting for approval. */
  pendingArticles: t.Number(),
  pendingMedia: t.Number(),
  unreadMessages: t.Number(),
  lastBuildFailed: t.Boolean(),
  /** The builder will try the failed build again by itself (issue 31 §4). */
  buildRetryPlanned: t.Boolean(),
});

export type AdminStats = Static<typeof AdminStats>;
