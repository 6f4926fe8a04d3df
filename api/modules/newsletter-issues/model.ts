import { t, type Static } from "elysia";
import { ISSUE_STATES } from "../../../db/schema/newsletter-issues";
import { strict } from "../../lib/strict-schema";
import { BAD_SCHEDULE, BAD_SUBJECT } from "./messages";

/** One entry as the admin orders it: which article, event or media; its title, excerpt and picture are read from the site. */
export const IssueItemRef = strict(t.Object({
  kind: t.Union([t.Literal("article"), t.Literal("event"), t.Literal("media")], { error: "Type d'élément inconnu (article, event ou media)." }),
  id: t.String({ minLength: 1, maxLength: 64, error: "Identifiant d'élément invalide." }),
}));

/** POST and PUT /api/admin/newsletter/issues: the subject (checked for line breaks by the service), the introduction, the items in order. */
export const IssueBody = strict(t.Object({
  subject: t.String({ minLength: 1, maxLength: 200, error: BAD_SUBJECT }),
  intro: t.String({ maxLength: 5000, error: "L'introduction fait 5 000 caractères au plus." }),
  items: t.Array(IssueItemRef, { maxItems: 40, error: "Une lettre compte 40 éléments au plus." }),
}));
export type IssueBody = Static<typeof IssueBody>;

/** POST /api/admin/newsletter/issues/:id/send: now, or at a minute of Dakar's clock (« 2026-12-01T09:00 »). */
export const SendBody = strict(t.Object({
  at: t.Optional(t.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$", error: BAD_SCHEDULE })),
}));

export const IssueItemSchema = t.Object({
  kind: t.Union([t.Literal("article"), t.Literal("event"), t.Literal("media")]),
  id: t.String(),
  title: t.String(),
  excerpt: t.String(),
  href: t.String(),
  picture: t.Union([t.String(), t.Null()]),
  date: t.Union([t.String(), t.Null()]),
  /** The JPEG the mail shows and its pixel size (made when the issue is saved). */
  mailPicture: t.Optional(t.Union([t.Object({ src: t.String(), width: t.Number(), height: t.Number() }), t.Null()])),
});
export type IssueItemView = Static<typeof IssueItemSchema>;

/** Sending progress, read from the outbox: sent, failed, and all the rest (not yet queued, waiting, being tried). */
export const IssueProgress = t.Object({ total: t.Number(), sent: t.Number(), failed: t.Number(), remaining: t.Number() });
export type IssueProgress = Static<typeof IssueProgress>;

export const IssueSummary = t.Object({
  _id: t.String(),
  number: t.Union([t.Number(), t.Null()]),
  subject: t.String(),
  state: t.Union(ISSUE_STATES.map((s) => t.Literal(s)) as [ReturnType<typeof t.Literal<(typeof ISSUE_STATES)[number]>>]),
  scheduledAt: t.Union([t.String(), t.Null()]),
  startedAt: t.Union([t.String(), t.Null()]),
  sentAt: t.Union([t.String(), t.Null()]),
  updatedAt: t.String(),
  progress: IssueProgress,
});
export type IssueSummary = Static<typeof IssueSummary>;

export const IssueDetail = t.Composite([IssueSummary, t.Object({ intro: t.String(), items: t.Array(IssueItemSchema) })]);
export type IssueDetail = Static<typeof IssueDetail>;

export const IssueAnswer = t.Object({ message: t.String(), issue: IssueDetail });

/** What the site proposes for the next issue: articles and media published since the last one, events to come. */
export const IssueProposal = t.Object({ since: t.Union([t.String(), t.Null()]), items: t.Array(IssueItemSchema) });
export type IssueProposal = Static<typeof IssueProposal>;

/** The preview: exactly the parts a subscriber receives (their own unsubscribe link aside). */
export const IssuePreview = t.Object({ subject: t.String(), html: t.String(), text: t.String() });

/** A past issue as the public archive shows it. */
export const ArchivedIssue = t.Object({
  number: t.Number(),
  subject: t.String(),
  intro: t.String(),
  sentAt: t.String(),
  items: t.Array(IssueItemSchema),
});
export type ArchivedIssue = Static<typeof ArchivedIssue>;
