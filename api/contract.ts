/**
 * The API contract as seen by the site: types only. `site/` imports this file with `import type`, never the
 * server code itself.
 */
export type {
  AdminArticleBody,
  ArticlePage,
  AdminArticlesQuery,
  Article,
  ArticleBody,
  ArticlePictures,
  ArticleState,
  ArticleSummary,
  Revision,
  RevisionSummary,
  BodyPicture,
  MemberStats,
} from "./modules/articles/model";
export type { AuditEntry, AuditPage } from "./modules/audit/model";
export type { ContactBody, ContactMessage } from "./modules/contact/model";
export type { Event, EventBody } from "./modules/events/model";
export type { MailDetail, MailPage, MailQuery, MailQueuedAnswer, MailSummary } from "./modules/mail/model";
export type { SubscriberPage, SubscriberQuery, SubscriberSummary } from "./modules/newsletter/model";
export type { ArchivedIssue, IssueDetail, IssueItemView, IssueProgress, IssueProposal, IssueSummary } from "./modules/newsletter-issues/model";
export type { TrashItem, TrashPage, TrashQuery } from "./modules/trash/model";
export type { AdminMediaQuery, BulkMediaBody, Media, MediaBody, MediaPage, MediaState, MediaType, MemberMediaQuery } from "./modules/media/model";
export type { AuthorProfile, OldAddress, PublicMember } from "./modules/members/model";
export type { UserSummary } from "./modules/members/summary";
export type { SiteStatus } from "./modules/site/model";
export type { AdminStats } from "./modules/stats/model";
export type { AudiencePeriod, AudienceReport, AuthorAudience } from "./modules/audience/model";
export type { AdminTheme, Theme, ThemeBody, ThemeRef, ThemeWithCount } from "./modules/themes/model";
export type { UploadQuotaReport } from "./modules/upload-quota/model";
export type { AdminUserBody, CurrentUser, DeletedUser, UserFootprint } from "./modules/users/model";
