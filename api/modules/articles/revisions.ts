/**
 * Revisions (issue 20 §4) and the pending edit of an approved article (§2). Every save of an article records
 * its text in article_revisions; the saves of one writing session (same author, less than REVISION_SESSION_MS
 * after the revision's last save) update that revision instead of adding one. At most REVISIONS_MAX are kept
 * per article, the oldest pruned first (never the pending one).
 *
 * A member's edit of an approved article is held in a revision named by `articles.pending_revision_id`: the row
 * keeps the approved text, which is all the public site, feeds and search ever read; the edit form reads the
 * working text through `workingText`. Approval (or anything that takes the article back to pending) copies the
 * revision into the row (`applyPendingSteps`), and closes the article's revisions to merging (`sealRevisions`).
 */
import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { articleAuthors, articleMedia, articleRevisions, articles, articleThemes, media, themes, users, type ArticleRevisionRow, type ArticleRow, type RevisionReview } from "../../../db/schema";
import { NotFoundError } from "../../lib/errors";
import { bodyPictureSteps } from "./body-pictures";

type Step = BatchItem<"sqlite">;

/** Saves closer than this to a revision's last one, by the same author, are the same writing session. */
export const REVISION_SESSION_MS = 30 * 60_000;
/** Revisions kept per article. */
export const REVISIONS_MAX = 50;

/** The article's picture files and their sizes (a revision records them; approval applies them). */
export type Pictures = Pick<ArticleRow, "articlePic" | "articlePicOriginal" | "articlePicBytes" | "articlePicOriginalBytes">;

/** What a revision holds: everything the article form edits, its picture included. */
export type Snapshot = Pictures & {
  title: string;
  txtContent: string;
  htmlContent: string;
  keywords: string[];
  themes: string[];
  media: string[];
};

export const picturesOf = (r: Pictures): Pictures => ({
  articlePic: r.articlePic,
  articlePicOriginal: r.articlePicOriginal,
  articlePicBytes: r.articlePicBytes,
  articlePicOriginalBytes: r.articlePicOriginalBytes,
});

async function linkedIds(db: Db, articleId: string) {
  const [themeRows, mediaRows] = await Promise.all([
    db.select({ id: articleThemes.themeId }).from(articleThemes).where(eq(articleThemes.articleId, articleId)),
    db.select({ id: articleMedia.mediaId }).from(articleMedia).where(eq(articleMedia.articleId, articleId)).orderBy(asc(articleMedia.position)),
  ]);
  return { themes: themeRows.map((r) => r.id), media: mediaRows.map((r) => r.id) };
}

const snapshotOf = (r: ArticleRevisionRow): Snapshot => ({
  title: r.title,
  txtContent: r.txtContent,
  htmlContent: r.htmlContent,
  keywords: r.keywords,
  themes: r.themes,
  media: r.media,
  ...picturesOf(r),
});

/** The pending revision of a row, or null. */
export async function pendingRevision(db: Db, row: Pick<ArticleRow, "id" | "pendingRevisionId">): Promise<ArticleRevisionRow | null> {
  if (!row.pendingRevisionId) return null;
  const [rev] = await db.select().from(articleRevisions).where(eq(articleRevisions.id, row.pendingRevisionId)).limit(1);
  return rev ?? null;
}

/** The text its authors are working on: the pending edit when there is one, else the row and its links. */
export async function workingText(db: Db, row: ArticleRow): Promise<Snapshot> {
  const pending = await pendingRevision(db, row);
  if (pending) return snapshotOf(pending);
  return {
    title: row.title,
    txtContent: row.txtContent,
    htmlContent: row.htmlContent,
    keywords: row.keywords,
    ...picturesOf(row),
    ...(await linkedIds(db, row.id)),
  };
}

/**
 * The statements recording a save of `row` as `next` by `authorId` at `now`, and the id of the revision they
 * write. An article saved for the first time since revisions exist gets a sealed revision of its text before the
 * save first, so that text can be restored too. `fresh` (a restore) always starts a new, sealed revision.
 */
export async function revisionSteps(
  db: Db,
  row: ArticleRow,
  next: Snapshot,
  authorId: string,
  now: Date,
  opts: { fresh?: boolean; restoredFrom?: Date } = {},
): Promise<{ id: string; steps: Step[] }> {
  const [latest] = await db.select().from(articleRevisions).where(eq(articleRevisions.articleId, row.id)).orderBy(desc(articleRevisions.createdAt)).limit(1);
  const steps: Step[] = [];
  if (!latest) {
    const before = await workingText(db, row);
    const [first] = await db.select({ userId: articleAuthors.userId }).from(articleAuthors).where(eq(articleAuthors.articleId, row.id)).orderBy(asc(articleAuthors.position)).limit(1);
    const at = new Date(Math.min(row.updatedAt.getTime(), now.getTime() - 1));
    steps.push(db.insert(articleRevisions).values({ id: newId(), articleId: row.id, authorId: first?.userId ?? null, createdAt: at, updatedAt: at, sealed: true, ...before }));
  }
  const sameSession =
    latest && !opts.fresh && !latest.sealed && latest.authorId === authorId && now.getTime() - latest.updatedAt.getTime() < REVISION_SESSION_MS;
  let id: string;
  if (sameSession) {
    id = latest.id;
    steps.push(db.update(articleRevisions).set({ ...next, updatedAt: now }).where(eq(articleRevisions.id, id)));
  } else {
    id = newId();
    steps.push(
      db.insert(articleRevisions).values({
        id,
        articleId: row.id,
        authorId,
        createdAt: now,
        updatedAt: now,
        sealed: !!opts.fresh,
        restoredFrom: opts.restoredFrom ?? null,
        ...next,
      }),
    );
  }
  steps.push(pruneStep(db, row.id, id));
  return { id, steps };
}

/**
 * Before a member's new picture waits in a pending edit: the approved picture must stay named by « Historique »,
 * or approving the edit would leave its file named by nothing (and never removed). When no revision of the article
 * names the row's pictures, a sealed revision of the approved version is written first (as for an article's first
 * save since revisions exist).
 */
export async function keepApprovedPictureSteps(db: Db, row: ArticleRow, now: Date): Promise<Step[]> {
  const names = [row.articlePic, row.articlePicOriginal].filter((n): n is string => !!n);
  if (!names.length) return [];
  const revs = await db
    .select({ pic: articleRevisions.articlePic, original: articleRevisions.articlePicOriginal })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, row.id));
  // No revision yet: revisionSteps writes the snapshot of the stored version itself.
  if (!revs.length || revs.some((r) => r.pic === row.articlePic && r.original === row.articlePicOriginal)) return [];
  const approved: Snapshot = { title: row.title, txtContent: row.txtContent, htmlContent: row.htmlContent, keywords: row.keywords, ...picturesOf(row), ...(await linkedIds(db, row.id)) };
  const [first] = await db.select({ userId: articleAuthors.userId }).from(articleAuthors).where(eq(articleAuthors.articleId, row.id)).orderBy(asc(articleAuthors.position)).limit(1);
  const at = new Date(now.getTime() - 1);
  return [db.insert(articleRevisions).values({ id: newId(), articleId: row.id, authorId: first?.userId ?? null, createdAt: at, updatedAt: at, sealed: true, ...approved })];
}

/** Keeps the newest REVISIONS_MAX revisions of an article, plus the pending one and the one just written. */
function pruneStep(db: Db, articleId: string, keepId: string): Step {
  const newest = sql`(select id from ${articleRevisions} where article_id = ${articleId} order by created_at desc limit ${REVISIONS_MAX})`;
  const pending = sql`(select pending_revision_id from ${articles} where id = ${articleId} and pending_revision_id is not null)`;
  return db
    .delete(articleRevisions)
    .where(
      and(
        eq(articleRevisions.articleId, articleId),
        notInArray(articleRevisions.id, newest),
        notInArray(articleRevisions.id, pending),
        sql`${articleRevisions.id} <> ${keepId}`,
      ),
    );
}

/** Statements replacing an article's theme and media links by a snapshot's (links to trashed media stay). */
function linkSteps(db: Db, articleId: string, snap: Snapshot): Step[] {
  const trashed = sql`(select id from media where deleted_at is not null)`;
  const steps: Step[] = [
    db.delete(articleThemes).where(eq(articleThemes.articleId, articleId)),
    db.delete(articleMedia).where(and(eq(articleMedia.articleId, articleId), notInArray(articleMedia.mediaId, trashed))),
  ];
  // Themes or media deleted since the edit was written are left out rather than failing the approval.
  if (snap.themes.length) {
    steps.push(
      db.insert(articleThemes).select(
        db.select({ articleId: sql<string>`${articleId}`.as("article_id"), themeId: themes.id }).from(themes).where(inArray(themes.id, snap.themes)),
      ),
    );
  }
  snap.media.forEach((mediaId, position) =>
    steps.push(
      db
        .insert(articleMedia)
        .select(db.select({ articleId: sql<string>`${articleId}`.as("article_id"), mediaId: media.id, position: sql<number>`${position}`.as("position") }).from(media).where(eq(media.id, mediaId)))
        .onConflictDoNothing(),
    ),
  );
  return steps;
}

/**
 * Statements copying the pending edit of `row` into it (text, keywords, picture, links, body pictures) and
 * clearing the pointer; none when there is no pending edit. The picture it replaces stays on disk: the sealed
 * revisions of the approved text still name it (`removeUnnamedPictures`).
 */
export async function applyPendingSteps(db: Db, row: Pick<ArticleRow, "id" | "pendingRevisionId">, now: Date): Promise<Step[]> {
  const rev = await pendingRevision(db, row);
  if (!rev) return row.pendingRevisionId ? [db.update(articles).set({ pendingRevisionId: null }).where(eq(articles.id, row.id))] : [];
  const snap = snapshotOf(rev);
  return [
    db
      .update(articles)
      .set({
        title: snap.title,
        txtContent: snap.txtContent,
        htmlContent: snap.htmlContent,
        keywords: snap.keywords,
        ...picturesOf(snap),
        pendingRevisionId: null,
        updatedAt: now,
      })
      .where(eq(articles.id, row.id)),
    ...linkSteps(db, row.id, snap),
    ...(await bodyPictureSteps(db, row.id, snap.htmlContent)),
  ];
}

/**
 * Closes an article's revisions to merging: the text an admin approved stays in history as it was approved, and
 * the next save starts a new revision.
 */
export function sealRevisions(db: Db, ids: string[]): Step {
  return db.update(articleRevisions).set({ sealed: true }).where(and(inArray(articleRevisions.articleId, ids), eq(articleRevisions.sealed, false)));
}

/** Applies the pending edits of these articles (bulk approval). */
export async function applyPendingEdits(db: Db, ids: string[], now: Date): Promise<void> {
  if (!ids.length) return;
  const rows = await db.select({ id: articles.id, pendingRevisionId: articles.pendingRevisionId }).from(articles).where(and(inArray(articles.id, ids), sql`${articles.pendingRevisionId} is not null`));
  for (const row of rows) {
    const steps = await applyPendingSteps(db, row, now);
    if (steps.length) await db.batch(steps as [Step, ...Step[]]);
  }
}

/**
 * The statement labelling « Approuvée » the version an approval makes public (issue 32 §3): the pending edit when
 * there is one, else, for an article not yet approved, its newest version. Must run BEFORE `applyPendingSteps` and
 * the approval's own update (it reads the pointer and the flag as they were). A version already refused keeps its
 * label (the row's text, not that one, is what an approval then publishes); an approved article without a pending
 * edit changes nothing.
 */
export function approvedRevisionStep(db: Db, articleIds: string | string[], now: Date): Step {
  const ids = typeof articleIds === "string" ? [articleIds] : articleIds;
  const idList = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const newest = sql`(select r2.id from ${articleRevisions} r2 where r2.article_id = a.id order by r2.created_at desc, r2.id desc limit 1)`;
  const targets = sql`(select coalesce(a.pending_revision_id, case when a.approved = 0 then ${newest} end) from ${articles} a where a.id in (${idList}))`;
  return db
    .update(articleRevisions)
    .set({ review: "approved", reviewedAt: now })
    .where(and(inArray(articleRevisions.id, targets), sql`coalesce(${articleRevisions.review}, '') <> 'refused'`));
}

/** The statement labelling the pending edit of an article refused, with the admin's reason (before the pointer is cleared). */
export function refusedRevisionStep(db: Db, pendingRevisionId: string, reason: string | null, now: Date): Step {
  return db.update(articleRevisions).set({ review: "refused", reviewReason: reason, reviewedAt: now }).where(eq(articleRevisions.id, pendingRevisionId));
}

/** « Modification refusée »: the admin's reason (null when none was given) and when, for the authors' badge. */
export type EditRefusal = { reason: string | null; at: string };

/**
 * The articles among `ids` whose newest version is a refused edit: their authors see « Modification refusée » with
 * the reason until they save again (a save starts a new version, the refused one being sealed). One statement,
 * walking the revisions' (article_id, created_at) index per article.
 */
export async function editRefusals(db: Db, ids: string[]): Promise<Map<string, EditRefusal>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ articleId: articleRevisions.articleId, reason: articleRevisions.reviewReason, at: articleRevisions.reviewedAt })
    .from(articleRevisions)
    .where(
      and(
        inArray(articleRevisions.articleId, ids),
        eq(articleRevisions.review, "refused"),
        sql`${articleRevisions.id} = (select r2.id from ${articleRevisions} r2 where r2.article_id = ${articleRevisions.articleId} order by r2.created_at desc, r2.id desc limit 1)`,
      ),
    );
  return new Map(rows.map((r) => [r.articleId, { reason: r.reason, at: (r.at ?? new Date(0)).toISOString() }]));
}

/** One line of « Historique ». */
export type RevisionSummaryRow = {
  _id: string;
  createdAt: string;
  updatedAt: string;
  title: string;
  author: { _id: string; nickname: string; name: string; firstname: string } | null;
  restoredFrom: string | null;
  pending: boolean;
  /** An admin's decision on it: « Approuvée », « Refusée » (with its reason), or none. */
  review: RevisionReview | null;
  reviewReason: string | null;
  reviewedAt: string | null;
  /** « Programmée »: the version that will be published at this time (ISO), else null. */
  scheduledFor: string | null;
};

/** The revisions of an article, newest first, without their text. */
export async function listRevisions(db: Db, row: ArticleRow): Promise<RevisionSummaryRow[]> {
  const rows = await db
    .select({
      id: articleRevisions.id,
      createdAt: articleRevisions.createdAt,
      updatedAt: articleRevisions.updatedAt,
      title: articleRevisions.title,
      restoredFrom: articleRevisions.restoredFrom,
      authorId: users.id,
      nickname: users.nickname,
      name: users.name,
      firstname: users.firstname,
      review: articleRevisions.review,
      reviewReason: articleRevisions.reviewReason,
      reviewedAt: articleRevisions.reviewedAt,
    })
    .from(articleRevisions)
    .leftJoin(users, eq(users.id, articleRevisions.authorId))
    .where(eq(articleRevisions.articleId, row.id))
    .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id));
  // What « Publier le » will publish: the pending edit of an approved article, else the newest text of one not yet approved.
  const scheduled = row.publishAt ? (row.pendingRevisionId ?? (row.approved ? null : (rows[0]?.id ?? null))) : null;
  return rows.map((r) => ({
    _id: r.id,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    title: r.title,
    author: r.authorId ? { _id: r.authorId, nickname: r.nickname ?? "", name: r.name ?? "", firstname: r.firstname ?? "" } : null,
    restoredFrom: r.restoredFrom?.toISOString() ?? null,
    pending: r.id === row.pendingRevisionId,
    review: r.review ?? null,
    reviewReason: r.reviewReason ?? null,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    scheduledFor: r.id === scheduled ? row.publishAt!.toISOString() : null,
  }));
}

/** One revision of the article with its text; 404 when it is not one of this article's. */
export async function getRevision(db: Db, row: ArticleRow, revisionId: string) {
  const [rev] = await db
    .select()
    .from(articleRevisions)
    .where(and(eq(articleRevisions.id, revisionId), eq(articleRevisions.articleId, row.id)))
    .limit(1);
  if (!rev) throw new NotFoundError("Version introuvable.");
  const [summary] = (await listRevisions(db, row)).filter((r) => r._id === rev.id);
  return { ...summary!, txt_content: rev.txtContent, html_content: rev.htmlContent, keywords: rev.keywords, themes: rev.themes, media: rev.media };
}

/** Of a snapshot's themes and media, those that still exist (a restore leaves out what was deleted since). */
export async function stillThere(db: Db, snap: Pick<Snapshot, "themes" | "media">) {
  const [themeRows, mediaRows] = await Promise.all([
    snap.themes.length ? db.select({ id: themes.id }).from(themes).where(inArray(themes.id, snap.themes)) : [],
    snap.media.length ? db.select({ id: media.id }).from(media).where(and(inArray(media.id, snap.media), isNull(media.deletedAt))) : [],
  ]);
  const t = new Set(themeRows.map((r) => r.id));
  const m = new Set(mediaRows.map((r) => r.id));
  return { themes: snap.themes.filter((id) => t.has(id)), media: snap.media.filter((id) => m.has(id)) };
}
