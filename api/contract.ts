/**
 * The API contract as seen by the site: types only. `site/` imports this file with `import type`, never the
 * server code itself.
 */
export type { Article, ArticleSummary } from "./modules/articles/model";
export type { ContactBody } from "./modules/contact/model";
export type { Event } from "./modules/events/model";
export type { Media, MediaType } from "./modules/media/model";
export type { AuthorProfile, PublicMember } from "./modules/members/model";
export type { UserSummary } from "./modules/members/summary";
export type { Theme, ThemeRef, ThemeWithCount } from "./modules/themes/model";
