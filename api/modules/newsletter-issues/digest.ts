/**
 * What an issue is made of: public articles and online events, read from the database. The proposal lists what
 * appeared since the last issue left; an admin's chosen items are read again here when the issue is saved, so an
 * issue can only link to the site's own public pages (no address typed by a person reaches a mail).
 */
import { and, desc, eq, gt, inArray, isNotNull, max } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles, events, newsletterIssues, type IssueItem } from "../../../db/schema";
import { BadRequestError } from "../../lib/errors";
import { excerpt } from "../../lib/group";
import { articleIsPublic } from "../articles/service";
import { itemNotFound } from "./messages";
import type { IssueBody } from "./model";

/** With no issue sent yet, the first proposal looks back this far. */
const FIRST_ISSUE_DAYS = 30;
/** Excerpts in a letter are shorter than on the site: a letter lists a dozen items. */
const EXCERPT = 240;

type ArticleRow = typeof articles.$inferSelect;
type EventRow = typeof events.$inferSelect;
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

/** When the last issue started leaving (what came after it is new), or null before the first issue. */
async function lastIssueStart(db: Db): Promise<Date | null> {
  const [row] = await db.select({ at: max(newsletterIssues.startedAt) }).from(newsletterIssues).where(isNotNull(newsletterIssues.startedAt));
  return row?.at ? new Date(row.at) : null;
}

/** The proposal: articles published and events announced since the last issue, newest first (articles, then events). */
export async function proposeItems(db: Db, now = new Date()): Promise<{ since: Date | null; items: IssueItem[] }> {
  const last = await lastIssueStart(db);
  const since = last ?? new Date(now.getTime() - FIRST_ISSUE_DAYS * 24 * 60 * 60_000);
  const [a, e] = await Promise.all([
    db.select().from(articles).where(and(articleIsPublic, gt(articles.createdAt, since))).orderBy(desc(articles.createdAt)).limit(40),
    db.select().from(events).where(and(eq(events.online, true), gt(events.createdAt, since))).orderBy(events.startDate).limit(40),
  ]);
  return { since: last, items: [...a.map(articleItem), ...e.map(eventItem)] };
}

/** The admin's ordered choice, read from the database; an item that is not public (or does not exist) is refused. */
export async function resolveItems(db: Db, refs: IssueBody["items"]): Promise<IssueItem[]> {
  const ids = (kind: "article" | "event") => [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.id))];
  const [a, e] = await Promise.all([
    ids("article").length ? db.select().from(articles).where(and(articleIsPublic, inArray(articles.id, ids("article")))) : [],
    ids("event").length ? db.select().from(events).where(and(eq(events.online, true), inArray(events.id, ids("event")))) : [],
  ]);
  const found = new Map<string, IssueItem>([...a.map((r) => [`article:${r.id}`, articleItem(r)] as const), ...e.map((r) => [`event:${r.id}`, eventItem(r)] as const)]);
  const seen = new Set<string>();
  const out: IssueItem[] = [];
  for (const ref of refs) {
    const key = `${ref.kind}:${ref.id}`;
    const item = found.get(key);
    if (!item) throw new BadRequestError(itemNotFound(ref.kind));
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}
