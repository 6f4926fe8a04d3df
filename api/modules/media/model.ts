import { t, type Static } from "elysia";
import { UserSummary } from "../members/summary";

export const Media = t.Object({
  _id: t.String(),
  title: t.String(),
  url: t.String(),
  type: t.Union([
    t.Literal("audio"),
    t.Literal("video"),
    t.Literal("pdf"),
    t.Literal("image"),
    t.Literal("external"),
    t.Literal("link"),
  ]),
  description: t.String(),
  txt_content: t.String(),
  html_content: t.String(),
  /** Public path of the file, e.g. /uploads/media/abc.mp3; empty for link and external. */
  path: t.String(),
  externalUrl: t.String(),
  /** File name under /uploads/media_thumbnails/, or null. */
  thumbnail: t.Nullable(t.String()),
  duration: t.Nullable(t.Number()),
  tags: t.Array(t.String()),
  createdAt: t.String(),
  uploadedBy: t.Nullable(UserSummary),
  approved: t.Boolean(),
  online: t.Boolean(),
});

export type Media = Static<typeof Media>;
export type MediaType = Media["type"];
