/**
 * Reading the daily counters back for « Audience » (admins) and for an author's own articles. Titles are looked up
 * by address at read time: the counters keep only paths, so a renamed article's earlier readings stay under its old
 * address (shown with its path and no title).
 */
import { and, between, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articleAuthors, articles, audienceCounts, events, media, newsletterIssues } from "../../../db/schema";
import type { AudiencePeriod, AudienceReport, AuthorAudience } from "./model";
import { DAY_MS, dayOf } from "./rules";

/** How many rows each top list shows (the CSV has them all). */
export const TOP = 20;

type Range = { from: string; to: string; keys: string[]; bucket: (day: string) => string };

/** The days a period covers, ending today, and the chart's points: days, or months for « 12 mois ». */
export function periodRange(period: AudiencePeriod, now: Date): Range {
  const today = dayOf(now.getTime());
  if (period === "12m") {
    const y = now.getUTCFullYear();
    const m = now.getUTCMonth();
    const keys = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(y, m - 11 + i, 1)).toISOString().slice(0, 7));
    return { from: `${keys[0]}-01`, to: today, keys, bucket: (day) => day.slice(0, 7) };
  }
  const n = period === "7d" ? 7 : 30;
  const keys = Array.from({ length: n }, (_, i) => dayOf(now.getTime() - (n - 1 - i) * DAY_MS));
  return { from: keys[0]!, to: today, keys, bucket: (day) => day };
}

type Sum = { dimension: string; key: string; count: number };

async function sums(db: Db, range: Range): Promise<Sum[]> {
  return db
    .select({ dimension: audienceCounts.dimension, key: audienceCounts.key, count: sql<number>`sum(${audienceCounts.count})`.mapWith(Number) })
    .from(audienceCounts)
    .where(and(between(audienceCounts.day, range.from, range.to), inArray(audienceCounts.dimension, ["page", "download", "feed", "referrer", "device"])))
    .groupBy(audienceCounts.dimension, audienceCounts.key);
}

const byCount = <T extends { count: number }>(a: T & { path?: string }, b: T & { path?: string }) =>
  b.count - a.count || (a.path ?? "").localeCompare(b.path ?? "");

/** The slug after a prefix ("/article/x" → "x"), or null for a deeper or another address. */
function slugAfter(path: string, prefix: string): string | null {
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length);
  return rest && !rest.includes("/") ? rest : null;
}

/** Titles for counted addresses of one kind, looked up in one query. */
async function titled(
  items: { path: string; count: number }[],
  prefix: string,
  lookup: (slugs: string[]) => Promise<{ slug: string; title: string }[]>,
): Promise<{ path: string; title: string | null; count: number }[]> {
  const slugs = items.map((i) => slugAfter(i.path, prefix)).filter((s): s is string => s !== null);
  const found = new Map((slugs.length ? await lookup(slugs) : []).map((r) => [r.slug, r.title]));
  return items.map((i) => ({ path: i.path, title: found.get(slugAfter(i.path, prefix) ?? "") ?? null, count: i.count }));
}

export async function audienceReport(db: Db, period: AudiencePeriod, now: Date = new Date(), top: number = TOP): Promise<AudienceReport> {
  const range = periodRange(period, now);
  const [daily, all] = await Promise.all([
    db
      .select({ day: audienceCounts.day, dimension: audienceCounts.dimension, count: sql<number>`sum(${audienceCounts.count})`.mapWith(Number) })
      .from(audienceCounts)
      .where(and(between(audienceCounts.day, range.from, range.to), inArray(audienceCounts.dimension, ["visitors", "page"])))
      .groupBy(audienceCounts.day, audienceCounts.dimension),
    sums(db, range),
  ]);
  const points = new Map(range.keys.map((key) => [key, { key, visits: 0, views: 0 }]));
  for (const r of daily) {
    const p = points.get(range.bucket(r.day));
    if (!p) continue;
    if (r.dimension === "visitors") p.visits += r.count;
    else p.views += r.count;
  }
  const series = [...points.values()];
  const of = (dimension: string) => all.filter((s) => s.dimension === dimension).map((s) => ({ path: s.key, count: s.count })).sort(byCount);
  const pages = of("page");
  const downloads = of("download");
  const feeds = of("feed");
  const cut = <T>(list: T[]) => list.slice(0, top);
  const [articleRows, eventRows, downloadRows, issueRows] = await Promise.all([
    titled(cut(pages.filter((p) => slugAfter(p.path, "/article/"))), "/article/", (slugs) =>
      db.select({ slug: articles.url, title: articles.title }).from(articles).where(inArray(articles.url, slugs)),
    ),
    titled(cut(pages.filter((p) => slugAfter(p.path, "/event/"))), "/event/", (slugs) =>
      db.select({ slug: events.url, title: events.title }).from(events).where(inArray(events.url, slugs)),
    ),
    titled(cut(downloads), "/uploads/media/", async (files) => {
      const rows = await db.select({ path: media.path, title: media.title }).from(media).where(inArray(media.path, files.map((f) => `/uploads/media/${f}`)));
      return rows.map((r) => ({ slug: r.path.slice("/uploads/media/".length), title: r.title }));
    }),
    titled(cut(pages.filter((p) => /^\/lettre\/archives\/\d+$/.test(p.path))), "/lettre/archives/", async (numbers) => {
      const rows = await db
        .select({ number: newsletterIssues.number, title: newsletterIssues.subject })
        .from(newsletterIssues)
        .where(inArray(newsletterIssues.number, numbers.map(Number)));
      return rows.map((r) => ({ slug: String(r.number), title: r.title }));
    }),
  ]);
  const sum = (list: { count: number }[]) => list.reduce((n, i) => n + i.count, 0);
  const devices = (["mobile", "tablet", "desktop"] as const).map((device) => ({ device, count: all.find((s) => s.dimension === "device" && s.key === device)?.count ?? 0 }));
  return {
    period,
    from: range.from,
    to: range.to,
    series,
    totals: { visits: series.reduce((n, p) => n + p.visits, 0), views: sum(pages), downloads: sum(downloads), feeds: sum(feeds) },
    articles: articleRows,
    events: eventRows,
    downloads: downloadRows,
    newsletterIssues: issueRows,
    pages: cut(pages).map((p) => ({ ...p, title: null })),
    feeds: cut(feeds).map((p) => ({ ...p, title: null })),
    referrers: cut(of("referrer")).map((r) => ({ host: r.path, count: r.count })),
    devices,
  };
}

/**
 * An author's own articles (by authorship, whatever their state) and their readings over the period. Only the
 * viewer's articles are ever read: the counters are asked for their addresses and nothing else.
 */
export async function authorAudience(db: Db, userId: string, period: AudiencePeriod, now: Date = new Date()): Promise<AuthorAudience> {
  const range = periodRange(period, now);
  const own = await db
    .select({ url: articles.url, title: articles.title })
    .from(articleAuthors)
    .innerJoin(articles, eq(articles.id, articleAuthors.articleId))
    .where(eq(articleAuthors.userId, userId));
  const titles = new Map(own.map((a) => [`/article/${a.url}`, a.title]));
  const paths = [...titles.keys()];
  const counts = new Map(paths.map((p) => [p, 0]));
  const points = new Map(range.keys.map((key) => [key, { key, views: 0 }]));
  // In slices: SQLite caps the variables of one statement, and a prolific author has hundreds of articles.
  for (let i = 0; i < paths.length; i += 500) {
    const rows = await db
      .select({ day: audienceCounts.day, key: audienceCounts.key, count: sql<number>`sum(${audienceCounts.count})`.mapWith(Number) })
      .from(audienceCounts)
      .where(and(between(audienceCounts.day, range.from, range.to), eq(audienceCounts.dimension, "page"), inArray(audienceCounts.key, paths.slice(i, i + 500))))
      .groupBy(audienceCounts.day, audienceCounts.key);
    for (const r of rows) {
      counts.set(r.key, (counts.get(r.key) ?? 0) + r.count);
      const p = points.get(range.bucket(r.day));
      if (p) p.views += r.count;
    }
  }
  const list = paths.map((path) => ({ path, title: titles.get(path) ?? null, count: counts.get(path) ?? 0 })).sort(byCount);
  return { period, from: range.from, to: range.to, series: [...points.values()], total: list.reduce((n, a) => n + a.count, 0), articles: list };
}
