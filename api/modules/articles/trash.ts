/**
 * Articles in and out of the trash (« Corbeille », issue 20 §6). Deleting an article sets `deleted_at`: every read
 * but the trash's skips it (api/modules/articles/service.ts `articleIsLive`), while its row, links (themes,
 * authors, media) and flags stay untouched, so « Restaurer » only clears the mark and the article is back exactly
 * as it was. « Supprimer définitivement » and the 30-day purge remove the row (the link tables cascade) and then
 * its picture files. Each step writes its journal entry with the change, in one transaction. The three steps
 * (`trashRows`, `restoreRow`, `purgeRows`) are shared with the media's trash (api/modules/media/trash.ts).
 */
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articleAuthors, articles, media, retiredSlugs, type ArticleRow } from "../../../db/schema";
import { ForbiddenError, NotFoundError } from "../../lib/errors";
import { removeUnnamedPictures, revisionPictureNames } from "./picture-files";
import { recordAudits, type NewAuditEntry } from "../audit/service";

/** Who acts and through which door (member routes act as the caller, even for an admin's account). */
export type TrashActor = { id: string; nickname: string; admin: boolean };

/** The journal's action names of the three steps (site/src/apps/site/site-text.ts says them in French). */
export const TRASH_ACTIONS = { trash: "trash", restore: "restore", purge: "purge" } as const;

/** One journal entry per article of a step. */
export function trashJournal(rows: { id: string; title: string }[], actor: { id: string | null; nickname: string }, action: string, route: string, itemKind: "article" | "media"): NewAuditEntry[] {
  return rows.map((r) => ({ userId: actor.id, actor: actor.nickname, action, route, itemKind, itemId: r.id, title: r.title, summary: r.title }));
}

/**
 * The article row in the trash (`inTrash`) or out of it, 404 otherwise; for a member, 403 unless they are one of
 * its authors (the rule of deleting it in the first place).
 */
export async function articleInPlace(db: Db, id: string, actor: { id: string; admin: boolean }, inTrash: boolean): Promise<ArticleRow> {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), inTrash ? isNotNull(articles.deletedAt) : isNull(articles.deletedAt)))
    .limit(1);
  if (!row) throw new NotFoundError(inTrash ? "Article introuvable dans la corbeille." : "Article non trouvé.");
  if (!actor.admin) {
    const [own] = await db
      .select({ userId: articleAuthors.userId })
      .from(articleAuthors)
      .where(and(eq(articleAuthors.articleId, id), eq(articleAuthors.userId, actor.id)))
      .limit(1);
    if (!own) throw new ForbiddenError("Cet article n'est pas le vôtre\u00a0: seuls ses auteurs peuvent le modifier ou le supprimer.");
  }
  return row;
}

/** The two tables with a trash, and the journal's name for their rows. */
type Trashable = { table: typeof articles | typeof media; kind: "article" | "media" };

/** Moves live rows to the trash, with one journal entry each (the rows and the entries together). */
export async function trashRows(db: Db, { table, kind }: Trashable, rows: { id: string; title: string }[], actor: TrashActor, route: string, now = new Date()) {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.update(table).set({ deletedAt: now, deletedBy: actor.id }).where(and(inArray(table.id, ids), isNull(table.deletedAt)));
    await recordAudits(tx, trashJournal(rows, actor, TRASH_ACTIONS.trash, route, kind), now);
  });
}

/** « Restaurer »: the row leaves the trash as it was (its links and flags were never touched). */
export async function restoreRow(db: Db, { table, kind }: Trashable, row: { id: string; title: string }, actor: TrashActor, route: string) {
  await db.transaction(async (tx) => {
    await tx.update(table).set({ deletedAt: null, deletedBy: null }).where(eq(table.id, row.id));
    await recordAudits(tx, trashJournal([row], actor, TRASH_ACTIONS.restore, route, kind));
  });
}

/**
 * Deletes trashed rows for good, with their journal entries, and answers those deleted: only rows still in the
 * trash go, so a purge racing a restore never deletes the restored row. Their addresses are retired in the same
 * transaction (db/schema/retired-slugs.ts): no new item takes them, so a citation of a purged article never leads
 * to another one. The caller then removes their files (no transaction could bring a file back).
 */
export async function purgeRows<R extends { id: string; title: string; url: string }>(db: Db, { table, kind }: Trashable, rows: R[], actor: { id: string | null; nickname: string }, route: string, now = new Date()): Promise<R[]> {
  if (rows.length === 0) return [];
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(table)
      .where(and(inArray(table.id, rows.map((r) => r.id)), isNotNull(table.deletedAt)))
      .returning({ id: table.id });
    const ids = new Set(deleted.map((d) => d.id));
    const purged = rows.filter((r) => ids.has(r.id));
    if (purged.length) {
      await tx.insert(retiredSlugs).values(purged.map((r) => ({ kind, slug: r.url, retiredAt: now }))).onConflictDoNothing();
    }
    await recordAudits(tx, trashJournal(purged, actor, TRASH_ACTIONS.purge, route, kind), now);
    return purged;
  });
}

const ARTICLES: Trashable = { table: articles, kind: "article" };

/** Moves live articles to the trash, with one journal entry each (the rows and the entries together). */
export function trashArticles(db: Db, rows: { id: string; title: string }[], actor: TrashActor, route: string, now = new Date()) {
  return trashRows(db, ARTICLES, rows, actor, route, now);
}

/** « Restaurer »: the article leaves the trash as it was (its links and flags were never touched). */
export async function restoreArticle(db: Db, id: string, actor: TrashActor, route: string) {
  const row = await articleInPlace(db, id, actor, true);
  await restoreRow(db, ARTICLES, row, actor, route);
  return { _id: id, kind: "article" as const, title: row.title, message: "Article restauré." };
}

/** Removes trashed articles for good (rows, then the picture files they and their revisions named). */
export async function purgeArticles(db: Db, uploadsDir: string, rows: ArticleRow[], actor: { id: string | null; nickname: string }, route: string, now = new Date()) {
  const inHistory = await revisionPictureNames(db, rows.map((r) => r.id));
  const gone = await purgeRows(db, ARTICLES, rows, actor, route, now);
  const names = gone.flatMap((row) => [row.articlePic, row.articlePicOriginal]);
  // Only those no other article names (a restore racing the purge wins its row, and its files with it).
  await removeUnnamedPictures(db, uploadsDir, gone.length ? [...names, ...inHistory] : []);
}

/** « Supprimer définitivement » one article of the trash. */
export async function purgeArticle(db: Db, uploadsDir: string, id: string, actor: TrashActor, route: string) {
  const row = await articleInPlace(db, id, actor, true);
  await purgeArticles(db, uploadsDir, [row], actor, route);
  return { _id: id, kind: "article" as const, title: row.title, message: "Article supprimé définitivement." };
}
