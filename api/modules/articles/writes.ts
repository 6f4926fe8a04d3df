/**
 * Article writes for both audiences. The routes say who acts: a member (`admin: false`) writes only the articles
 * they (co-)author, and what they write waits for an admin (approved = false); an admin writes any article and
 * may choose its authors. No HTTP here: failures are the typed errors of api/lib/errors.ts.
 */
import { and, eq, inArray, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { articleAuthors, articleMedia, articleRevisions, articles, articleThemes, media, themes, users, type ArticleRow } from "../../../db/schema";
import { BadRequestError, ConflictError, NotFoundError } from "../../lib/errors";
import { isBlankArticle, RULE_MESSAGES } from "../../../shared/article-rules";
import { bodyPictureSteps } from "./body-pictures";
import { editReviewEvents, flagEvents, submissionEvents } from "../notifications/events";
import type { ArticleInput } from "./input";
import type { ArticleState } from "./model";
import { findArticle } from "./service";
import { applyPendingSteps, approvedRevisionStep, picturesOf, revisionSteps, sealRevisions, stillThere, workingText, type Snapshot } from "./revisions";
import { articleInPlace, trashArticles } from "./trash";
import { withFreeSlug } from "./slug";
import { dakarMoment } from "../../../shared/dakar-time";
import { inFuture } from "../schedule/publish-at";

/**
 * Who writes, and through which door: member routes pass `admin: false` even for an admin's own account. The
 * nickname goes to the journal of a deletion (moves to the trash are journaled for members too).
 */
export type Actor = { id: string; admin: boolean; nickname?: string };

type Step = BatchItem<"sqlite">;

export async function runBatch(db: Db, steps: Step[]) {
  if (steps.length) await db.batch(steps as [Step, ...Step[]]);
}

/** The article row out of the trash, 404 when unknown or trashed; for a member, 403 unless they are one of its authors. */
export function articleForWrite(db: Db, id: string, actor: Actor): Promise<ArticleRow> {
  return articleInPlace(db, id, actor, false);
}

/** Every id must name an existing row, or the whole write is refused with `message`. */
async function assertAllExist(found: { id: string }[], ids: string[], message: string) {
  const known = new Set(found.map((r) => r.id));
  if (ids.some((id) => !known.has(id))) throw new BadRequestError(message);
}

/**
 * Checks the themes, media and authors an article is about to point to. A member may attach public media, their
 * own (pending ones included) and those the article already has; an admin any media.
 */
async function checkLinks(db: Db, input: ArticleInput, actor: Actor, linkedBefore: string[] = []) {
  const [themeRows, mediaRows, userRows] = await Promise.all([
    input.themes?.length ? db.select({ id: themes.id }).from(themes).where(inArray(themes.id, input.themes)) : [],
    input.media?.length
      ? db
          .select({ id: media.id, approved: media.approved, online: media.online, uploadedBy: media.uploadedBy })
          .from(media)
          // A trashed media cannot be newly linked (it is « inconnu » until restored).
          .where(and(inArray(media.id, input.media), isNull(media.deletedAt)))
      : [],
    input.authors?.length ? db.select({ id: users.id }).from(users).where(inArray(users.id, input.authors)) : [],
  ]);
  await assertAllExist(themeRows, input.themes ?? [], "Thème inconnu.");
  // Media the article already had stay allowed, even if withdrawn since: re-saving the form must not fail on them.
  const kept = new Set(linkedBefore);
  const usable = mediaRows.filter((m) => actor.admin || (m.approved && m.online) || m.uploadedBy === actor.id || kept.has(m.id));
  await assertAllExist(usable, input.media ?? [], "Média inconnu ou non disponible.");
  await assertAllExist(userRows, input.authors ?? [], "Auteur inconnu.");
}

/** Statements replacing the lists the input carries (a list left undefined is kept as stored). */
function relationSteps(db: Db, articleId: string, input: Pick<ArticleInput, "themes" | "media" | "authors">): Step[] {
  const steps: Step[] = [];
  if (input.themes) {
    steps.push(db.delete(articleThemes).where(eq(articleThemes.articleId, articleId)));
    if (input.themes.length) steps.push(db.insert(articleThemes).values(input.themes.map((themeId) => ({ articleId, themeId }))));
  }
  if (input.media) {
    // Links to trashed media stay (the form never shows them): restoring the media brings its place back.
    const trashed = sql`(select id from media where deleted_at is not null)`;
    steps.push(db.delete(articleMedia).where(and(eq(articleMedia.articleId, articleId), notInArray(articleMedia.mediaId, trashed))));
    if (input.media.length) {
      steps.push(db.insert(articleMedia).values(input.media.map((mediaId, position) => ({ articleId, mediaId, position }))).onConflictDoNothing());
    }
  }
  if (input.authors) {
    steps.push(db.delete(articleAuthors).where(eq(articleAuthors.articleId, articleId)));
    steps.push(db.insert(articleAuthors).values(input.authors.map((userId, position) => ({ articleId, userId, position }))));
  }
  return steps;
}

const noTheme = () => new BadRequestError(RULE_MESSAGES.noTheme);

/** A save from a copy older than the stored article (another tab, another device) changes nothing. */
export const STALE_VERSION = "Cet article a été modifié ailleurs (dans un autre onglet\u00a0?)\u00a0: rechargez-le avant d'enregistrer.";

/**
 * Creates an article. A member is its author and it waits for approval, or stays a « Brouillon » (draft, only its
 * authors and admins see it) when they say so; an admin's article is approved at once (admins are the reviewers)
 * and its authors are those chosen, else the admin.
 */
export async function createArticle(db: Db, input: ArticleInput, actor: Actor) {
  const draft = !actor.admin && input.draft;
  // A draft needs no theme yet (issue 32), but an empty one is never created: typing creates it, so an article
  // nobody wrote never appears in « Mes articles » (one emptied later is removed by the purge, trash/purge.ts).
  if (draft && isBlankArticle(input.title, input.txtContent, input.htmlContent ?? "")) throw new BadRequestError(RULE_MESSAGES.emptyDraft);
  if (!draft && !input.themes?.length) throw noTheme();
  const publishAt = actor.admin && input.publishAt ? inFuture(input.publishAt, "publication") : null;
  const authors = actor.admin && input.authors ? input.authors : [actor.id];
  const full = { ...input, themes: input.themes ?? [], media: input.media ?? [], authors };
  await checkLinks(db, full, actor);
  const id = newId();
  const now = new Date();
  const pictureSteps = await bodyPictureSteps(db, id, input.htmlContent ?? "");
  await withFreeSlug(db, articles, input.title, "article", (url) =>
    runBatch(db, [
      db.insert(articles).values({
        id,
        url,
        title: input.title,
        txtContent: input.txtContent,
        htmlContent: input.htmlContent ?? "",
        keywords: input.keywords ?? [],
        // An admin's article is approved at once, or « Programmé » with « Publier le ».
        approved: actor.admin && !publishAt,
        publishAt,
        online: true,
        draft,
        createdAt: now,
        updatedAt: now,
      }),
      ...relationSteps(db, id, full),
      ...pictureSteps,
      // Its first revision (« Historique »).
      db.insert(articleRevisions).values({
        id: newId(),
        articleId: id,
        authorId: actor.id,
        createdAt: now,
        updatedAt: now,
        title: input.title,
        txtContent: input.txtContent,
        htmlContent: input.htmlContent ?? "",
        keywords: input.keywords ?? [],
        themes: full.themes,
        media: full.media,
      }),
      // Admins are told of a submission, never of a draft.
      ...(draft ? [] : submissionEvents(db, "article", id, actor, now)),
    ]),
  );
  return findArticle(db, id);
}

/**
 * Updates an article. A member's edit of an article not yet approved is written to it (it stays pending, or with
 * `draft` a « Brouillon »); a member's edit of an approved article is held in a revision until an admin approves
 * it (revisions.ts): the public keeps reading the approved text meanwhile (docs/DECISIONS.md). An approved article
 * cannot become a draft again. An admin's edit is written to the article (admins are the reviewers) and replaces
 * any pending edit. Every save is recorded in the article's revisions. The url stays: links keep working. A
 * `version` other than the stored one is refused (409) before anything is written.
 */
export async function updateArticle(db: Db, id: string, input: ArticleInput, actor: Actor, opts: { restoredFrom?: Date } = {}) {
  const row = await articleForWrite(db, id, actor);
  if (input.version !== undefined && input.version !== row.version) throw new ConflictError(STALE_VERSION);
  const draft = !actor.admin && input.draft;
  // A draft save of an approved article is the autosave of its pending edit (issue 32): it stays published and the
  // edit waits, unannounced until the author saves it for good. An admin may approve a pending edit, so it must
  // meet the submission rules; a draft proper holds anything until it is submitted.
  const relaxed = draft && !row.approved;
  if (draft && row.approved && input.blocked) throw new BadRequestError(input.blocked);
  // « Publier le » (admins only): a future minute, for a submitted article; null cancels; not sent keeps it.
  if (actor.admin && input.publishAt) {
    inFuture(input.publishAt, "publication");
    if (row.draft) throw new ConflictError(DRAFT_NOT_SUBMITTED);
  }
  // A member's save cancels any schedule: what an admin scheduled was another text.
  const publishAt = actor.admin ? (input.publishAt !== undefined ? input.publishAt : row.publishAt) : null;
  if (!relaxed && input.themes?.length === 0) throw noTheme();
  const working = await workingText(db, row);
  if (!relaxed && !input.themes && working.themes.length === 0) throw noTheme();
  const links = { ...input, authors: actor.admin ? input.authors : undefined };
  const linkedBefore = input.media?.length ? [...new Set([...working.media, ...(await linkedMediaIds(db, id))])] : [];
  await checkLinks(db, links, actor, linkedBefore);
  const now = new Date();
  const next: Snapshot = {
    title: input.title,
    txtContent: input.txtContent,
    htmlContent: input.htmlContent ?? working.htmlContent,
    keywords: input.keywords ?? working.keywords,
    themes: input.themes ?? working.themes,
    media: input.media ? [...input.media, ...(await trashedMediaOf(db, id, working.media)).filter((m) => !input.media!.includes(m))] : working.media,
    // The form does not send the picture (it has its own routes): the working one stays.
    ...picturesOf(working),
  };
  const revision = await revisionSteps(db, row, next, actor.id, now, { fresh: !!opts.restoredFrom, restoredFrom: opts.restoredFrom });
  // A member's edit of an approved article waits in its revision; the row (what the public reads) stays. So does
  // an admin's edit of an approved article scheduled for later: it is published at that minute (schedule.ts).
  const held = row.approved && (!actor.admin || publishAt !== null);
  let steps: Step[];
  if (held) {
    steps = [
      db
        .update(articles)
        .set({ pendingRevisionId: revision.id, publishAt, version: sql`${articles.version} + 1` })
        .where(and(eq(articles.id, id), eq(articles.version, row.version))),
      staleGuard(db),
      ...revision.steps,
      // Saved for good (not an autosave): the admins hear of the edit waiting, as of a submission (issue 32 §3).
      ...(draft ? [] : submissionEvents(db, "article-edit", id, actor)),
    ];
  } else {
    const changes: Partial<ArticleRow> = { title: input.title, txtContent: input.txtContent, updatedAt: now, pendingRevisionId: null, publishAt };
    if (input.htmlContent !== undefined) changes.htmlContent = input.htmlContent;
    if (input.keywords !== undefined) changes.keywords = input.keywords;
    if (!actor.admin) {
      changes.approved = false;
      changes.draft = draft;
    }
    // An admin's save of an article with a pending edit publishes the text the form showed (the pending one):
    // fields the form left out come from it, not from the row.
    const relations = row.pendingRevisionId ? { ...links, themes: next.themes, media: next.media } : links;
    if (row.pendingRevisionId) {
      changes.htmlContent = next.htmlContent;
      changes.keywords = next.keywords;
      Object.assign(changes, picturesOf(next));
    }
    steps = [
      db
        .update(articles)
        .set({ ...changes, version: sql`${articles.version} + 1` })
        .where(and(eq(articles.id, id), eq(articles.version, row.version))),
      staleGuard(db),
      ...relationSteps(db, id, relations),
      ...(await bodyPictureSteps(db, id, row.pendingRevisionId ? next.htmlContent : input.htmlContent)),
      ...revision.steps,
      ...(draft ? [] : submissionEvents(db, "article", id, actor)),
    ];
  }
  // Checked again by the write itself: of two saves from the same version that both passed the check above, the
  // one that lands second matches no row, and `staleGuard` then fails its batch, so none of its statements land.
  try {
    await runBatch(db, steps);
  } catch (e) {
    if (failedOnStaleGuard(e)) throw new ConflictError(STALE_VERSION);
    throw e;
  }
  return findArticle(db, id);
}

/**
 * The trashed media an article shows (linked, or in its pending edit): a save keeps them, as `relationSteps`
 * does, so they come back with the media (docs/DECISIONS.md, trash).
 */
async function trashedMediaOf(db: Db, id: string, pending: string[]): Promise<string[]> {
  const ids = [...new Set([...(await linkedMediaIds(db, id)), ...pending])];
  if (!ids.length) return [];
  const rows = await db.select({ id: media.id }).from(media).where(and(inArray(media.id, ids), isNotNull(media.deletedAt)));
  const trashed = new Set(rows.map((r) => r.id));
  return ids.filter((m) => trashed.has(m));
}

async function linkedMediaIds(db: Db, id: string) {
  return (await db.select({ id: articleMedia.mediaId }).from(articleMedia).where(eq(articleMedia.articleId, id))).map((r) => r.id);
}

/**
 * « Restaurer » (issue 20 §4): saves a revision's text as a new save of the article, through `updateArticle`, so
 * every rule of an edit holds (a member's restore of an approved article waits for approval; a draft stays one).
 * Adds a new revision, deletes none. Themes and media deleted since are left out.
 */
export async function restoreRevision(db: Db, id: string, revisionId: string, actor: Actor, version?: number) {
  const row = await articleForWrite(db, id, actor);
  const [rev] = await db.select().from(articleRevisions).where(and(eq(articleRevisions.id, revisionId), eq(articleRevisions.articleId, id))).limit(1);
  if (!rev) throw new NotFoundError("Version introuvable.");
  const kept = await stillThere(db, rev);
  const input: ArticleInput = {
    title: rev.title,
    txtContent: rev.txtContent,
    htmlContent: rev.htmlContent,
    keywords: rev.keywords,
    themes: kept.themes.length ? kept.themes : undefined,
    media: kept.media,
    authors: undefined,
    draft: row.draft,
    version,
  };
  return updateArticle(db, id, input, actor, { restoredFrom: rev.createdAt });
}

/**
 * A batch is one transaction but cannot branch: this statement, placed right after a guarded update, fails (and so
 * rolls the whole batch back) when that update changed no row, by inserting a NULL where SQLite forbids one.
 */
const STALE_GUARD_ERROR = "NOT NULL constraint failed: article_themes.article_id";
export const staleGuard = (db: Db) => db.run(sql`insert into ${articleThemes} (article_id, theme_id) select null, null where changes() = 0`) as unknown as Step;

/** Whether a batch failed on `staleGuard` (no other statement inserts a null article id). */
export function failedOnStaleGuard(e: unknown): boolean {
  for (let c: unknown = e; c instanceof Error; c = c.cause) if (c.message.includes(STALE_GUARD_ERROR)) return true;
  return false;
}

/**
 * Deletes an article: it goes to the trash for 30 days (api/modules/articles/trash.ts), its links, flags and
 * pictures kept until « Supprimer définitivement » or the purge. The spec's message stays.
 */
export async function deleteArticle(db: Db, id: string, actor: Actor) {
  const row = await articleForWrite(db, id, actor);
  const door = actor.admin ? "admin" : "user";
  await trashArticles(db, [row], { id: actor.id, nickname: actor.nickname ?? "?", admin: actor.admin }, `DELETE /api/${door}/articles/:id`);
  return { message: "Article supprimé avec succès." };
}

/** An admin cannot approve what its authors have not submitted yet. */
const DRAFT_NOT_SUBMITTED = "Cet article est un brouillon\u00a0: ses auteurs ne l'ont pas encore soumis.";

const FLAG_MESSAGES = {
  approved: ["Article approuvé\u00a0!", "Article désapprouvé\u00a0!"],
  online: ["Article mis en ligne\u00a0!", "Article mis hors ligne\u00a0!"],
} as const;

/**
 * Sets (or, without a value, flips) approved or online; answers both flags and the §4 message. Approving an
 * article with a pending edit publishes the edit (without a value too: the edit is what waits); unapproving it
 * also copies the edit in, as the row is then no longer public. Approving clears a schedule (it happens now).
 */
export async function setArticleFlag(db: Db, id: string, flag: "approved" | "online", value?: boolean, publishAt?: Date | null): Promise<ArticleState> {
  const row = await articleForWrite(db, id, { id: "", admin: true });
  const next = value ?? (flag === "approved" && row.pendingRevisionId ? true : !row[flag]);
  if (flag === "approved" && next && row.draft) throw new ConflictError(DRAFT_NOT_SUBMITTED);
  const now = new Date();
  // « Publier le »: the approval is made by the server at that minute (schedule.ts); nothing public changes now.
  if (flag === "approved" && next && publishAt) {
    inFuture(publishAt, "publication", now);
    await db.update(articles).set({ publishAt, updatedAt: now }).where(eq(articles.id, id));
    return { _id: id, approved: row.approved, online: row.online, message: `Publication programmée le ${dakarMoment(publishAt)}.` };
  }
  const pending = flag === "approved" ? await applyPendingSteps(db, row, now) : [];
  const schedule = flag === "approved" ? { publishAt: null } : {};
  const approving = flag === "approved" && next;
  // The authors' notifications and « Historique »'s label read the flag and the pending edit as they were: before
  // the update, in the same batch.
  await runBatch(db, [
    ...flagEvents(db, "article", next ? flag : "", [id]),
    ...(approving ? [...editReviewEvents(db, "approved", [id], now), approvedRevisionStep(db, id, now)] : []),
    ...pending,
    ...(flag === "approved" && next ? [sealRevisions(db, [id])] : []),
    db.update(articles).set({ [flag]: next, updatedAt: now, ...schedule }).where(eq(articles.id, id)),
  ]);
  const state = { approved: row.approved, online: row.online, [flag]: next };
  return { _id: id, approved: state.approved, online: state.online, message: FLAG_MESSAGES[flag][next ? 0 : 1] };
}
