import { t, type Static } from "elysia";
import { Media } from "../media/model";
import { UserSummary } from "../members/summary";
import { ThemeRef } from "../themes/model";

/** One article with everything a page needs. */
export const Article = t.Object({
  _id: t.String(),
  title: t.String(),
  url: t.String(),
  /** File name under /uploads/article_pics/, or null. */
  articlePic: t.Nullable(t.String()),
  themes: t.Array(ThemeRef),
  authors: t.Array(UserSummary),
  keywords: t.Array(t.String()),
  createdAt: t.String(),
  txt_content: t.String(),
  html_content: t.String(),
  media: t.Array(Media),
  approved: t.Boolean(),
  online: t.Boolean(),
});

export type Article = Static<typeof Article>;

/** An article in a list: the same fields without the bodies, media reduced to their count. */
export const ArticleSummary = t.Object({
  _id: t.String(),
  title: t.String(),
  url: t.String(),
  articlePic: t.Nullable(t.String()),
  themes: t.Array(ThemeRef),
  authors: t.Array(UserSummary),
  keywords: t.Array(t.String()),
  createdAt: t.String(),
  /** First 300 characters of the plain text, for previews and feeds. */
  excerpt: t.String(),
  mediaCount: t.Number(),
  approved: t.Boolean(),
  online: t.Boolean(),
});

export type ArticleSummary = Static<typeof ArticleSummary>;
