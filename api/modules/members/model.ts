import { t, type Static } from "elysia";
import { ArticleSummary } from "../articles/model";
import { Media } from "../media/model";
import { UserSummary } from "./summary";

export { UserSummary };

export const SocialLinks = t.Object({
  linkedin: t.String(),
  twitter: t.String(),
  website: t.String(),
  facebook: t.String(),
  instagram: t.String(),
  youtube: t.String(),
  other: t.String(),
});

export type SocialLinks = Static<typeof SocialLinks>;

/** A member as shown on circle grids, member profiles and author pages (no e-mail, no role details). */
export const PublicMember = t.Object({
  _id: t.String(),
  firstname: t.String(),
  name: t.String(),
  nickname: t.String(),
  /** Path segment of /cercle-xxx/{fullname}: "Marie_Claire_Diop_Sow". */
  fullname: t.String(),
  domain: t.String(),
  biography: t.String(),
  groups: t.Array(t.String()),
  socialLinks: SocialLinks,
  profilePic: t.Nullable(t.String()),
});

export type PublicMember = Static<typeof PublicMember>;

/** An author's public page: the member and what they published. */
export const AuthorProfile = t.Object({
  member: PublicMember,
  articles: t.Array(ArticleSummary),
  media: t.Array(Media),
});

export type AuthorProfile = Static<typeof AuthorProfile>;

/** A profile address that moved with a rename: `from` (decoded, lower-cased) now leads to `to` (encoded). */
export const OldAddress = t.Object({ from: t.String(), to: t.String() });

export type OldAddress = Static<typeof OldAddress>;
