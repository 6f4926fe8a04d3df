/**
 * What an issue is made of: public articles, online events and public media, read from the database. The proposal
 * lists what is new since the last issue left (articles and media published since, events still to come), in
 * the three sections of the composer and the mail; an admin's chosen items are read again here when the issue is
 * saved, so an issue can only link to the site's own public pages (no address typed by a person reaches a mail).
 */
import { and, desc, eq, gt, gte, inArray, isNotNull, max } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles, events, media, newsletterIssues, type IssueItem } from "../../../db/schema";
import { BadRequestError } from "../../lib/errors";
import { excerpt } from "../../lib/group";
import { ensureMailPicture } from "../../lib/uploads/mail-picture";
import { articleIsPublic } from "../articles/service";
import { mediaIsPublic } from "../media/service";
import { itemNotFound } from "./messages";
import type { IssueBody } from "./model";

/** With no issue sent yet, the first proposal looks back this far. */
const FIRST_ISSUE_DAYS = 30;
/** Excerpts in a letter are shorter than on the site: a letter lists a dozen items. */
const EXCERPT = 240;

type ArticleRow = typeof articles.$inferSelect;
type EventRow = typeof events.$inferSelect;
type MediaRow = typeof media.$inferSelect;
export type ItemKind = IssueItem["kind"];
/** Per section: a proposal is a starting point, and a letter of a dozen items is already long. */
const PROPOSAL_LIMIT = 20;
const seg = encodeURIComponent;

const articleItem = (a: ArticleRow): IssueItem => ({
  kind: "article",
  id: a.id,
  title: a.title,
  excerpt: excerpt(a.txtContent, EXCERPT),
  href: `/article/${seg(a.url)}`,
  picture: a.articlePic ? `/uploads/article_pics/${seg(a.articlePic)}` : null,
  date: null,
});

const eventItem = (e: EventRow): IssueItem => ({
  kind: "event",
  id: e.id,
  title: e.title,
  excerpt: excerpt(e.txtContent, EXCERPT),
  href: `/event/${seg(e.url)}`,
  picture: null,
  date: e.startDate.toISOString(),
});

const mediaItem = (m: MediaRow): IssueItem => ({
  kind: "media",
  id: m.id,
  title: m.title,
  excerpt: excerpt(m.description, EXCERPT),
  href: `/media/${seg(m.url)}`,
  picture: m.thumbnail ? `/uploads/media_thumbnails/${seg(m.thumbnail)}` : null,
  date: null,
});

/** When the last issue started leaving (what came after it is new), or null before the first issue. */
async function lastIssueStart(db: Db): Promise<Date | null> {
  const [row] = await db.select({ at: max(newsletterIssues.startedAt) }).from(newsletterIssues).where(isNotNull(newsletterIssues.startedAt));
  return row?.at ? new Date(row.at) : null;
}

/**
 * The proposal: articles and media published since the last issue (newest first) and online events still to
 * come (soonest first), whenever they were announced: a letter reminds readers of what is ahead.
 */
export async function proposeItems(db: Db, now = new Date()): Promise<{ since: Date | null; items: IssueItem[] }> {
  const last = await lastIssueStart(db);
  const since = last ?? new Date(now.getTime() - FIRST_ISSUE_DAYS * 24 * 60 * 60_000);
  const [a, e, m] = await Promise.all([
    db.select().from(articles).where(and(articleIsPublic, gt(articles.createdAt, since))).orderBy(desc(articles.createdAt)).limit(PROPOSAL_LIMIT),
    db.select().from(events).where(and(eq(events.online, true), gte(events.startDate, now))).orderBy(events.startDate).limit(PROPOSAL_LIMIT),
    db.select().from(media).where(and(mediaIsPublic, gt(media.createdAt, since))).orderBy(desc(media.createdAt)).limit(PROPOSAL_LIMIT),
  ]);
  return { since: last, items: [...a.map(articleItem), ...e.map(eventItem), ...m.map(mediaItem)] };
}

type PictureSource = { area: "article_pics" | "media_thumbnails"; file: string };

/**
 * The admin's ordered choice, read from the database; an item that is not public (or does not exist) is refused.
 * With `uploadsDir`, each article's picture and each media's thumbnail gets its mail JPEG (made if missing).
 */
export async function resolveItems(db: Db, refs: IssueBody["items"], uploadsDir?: string): Promise<IssueItem[]> {
  const ids = (kind: ItemKind) => [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.id))];
  const [a, e, m] = await Promise.all([
    ids("article").length ? db.select().from(articles).where(and(articleIsPublic, inArray(articles.id, ids("article")))) : [],
    ids("event").length ? db.select().from(events).where(and(eq(events.online, true), inArray(events.id, ids("event")))) : [],
    ids("media").length ? db.select().from(media).where(and(mediaIsPublic, inArray(media.id, ids("media")))) : [],
  ]);
  const found = new Map<string, IssueItem>([
    ...a.map((r) => [`article:${r.id}`, articleItem(r)] as const),
    ...e.map((r) => [`event:${r.id}`, eventItem(r)] as const),
    ...m.map((r) => [`media:${r.id}`, mediaItem(r)] as const),
  ]);
  const pictures = new Map<string, PictureSource>([
    ...a.flatMap((r) => (r.articlePic ? [[`article:${r.id}`, { area: "article_pics", file: r.articlePic }] as const] : [])),
    ...m.flatMap((r) => (r.thumbnail ? [[`media:${r.id}`, { area: "media_thumbnails", file: r.thumbnail }] as const] : [])),
  ]);
  const seen = new Set<string>();
  const out: IssueItem[] = [];
  for (const ref of refs) {
    const key = `${ref.kind}:${ref.id}`;
    const item = found.get(key);
    if (!item) throw new BadRequestError(itemNotFound(ref.kind));
    if (seen.has(key)) continue;
    seen.add(key);
    const source = pictures.get(key);
    // One at a time: sharp already uses both cores for each picture, and each picture is made only once.
    if (uploadsDir && source) item.mailPicture = await ensureMailPicture(uploadsDir, source.area, source.file);
    out.push(item);
  }
  return out;
}
