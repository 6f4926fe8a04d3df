/**
 * The sitemap in parts (issue 31 §3): /sitemap.xml is a sitemap index naming /sitemap/{part}.xml files, one for
 * the site's own pages (static screens, members, themes, letters) and one per month of creation for articles,
 * media and events. An item's month never changes, so publishing, withdrawing or renaming one article rewrites its
 * month's part (and the small index when a part appears or goes), not a file of every address: at 50,000 articles
 * one urlset would be 6 MB, past the protocol's 50,000 addresses a file. A month with more than PART_MAX items
 * is cut in numbered parts in creation order, so new items only touch the last one.
 * Pure: the index page, the parts' page and the tests read the same cut.
 */
import { decodeEntities } from "../../../shared/html-text";
import type { StoreChange } from "./store-change";
import { lowerBound } from "./list-order";
import { xmlEscape } from "./rss";

export type SitemapEntry = { path: string; lastmod?: string };
export type SitemapPart = { name: string; entries: SitemapEntry[] };
/** An item with its address and creation time (ISO): an article, a media, an event. */
export type Dated = { path: string; createdAt: string };

/** Addresses a part holds at most (the protocol allows 50,000; smaller parts are cheaper to rewrite). */
export const PART_MAX = 10_000;

export const byCreation = (a: Dated, b: Dated) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** `kind`'s items by month of creation (`articles-2026-11`, then `articles-2026-11-2` past PART_MAX). */
/**
 * One entry object per item object: the build keeps unchanged items as the same objects from build to build
 * (lib/api.ts), so their entries are too, and a partial build digests them once (scripts/partial-build.ts).
 */
const entries = new WeakMap<Dated, SitemapEntry>();
function entryOf(item: Dated): SitemapEntry {
  let entry = entries.get(item);
  if (!entry) entries.set(item, (entry = { path: item.path, lastmod: item.createdAt }));
  return entry;
}

export function monthlyParts(kind: string, items: readonly Dated[]): SitemapPart[] {
  const months = new Map<string, Dated[]>();
  for (const item of items) {
    const month = item.createdAt.slice(0, 7);
    const list = months.get(month);
    if (list) list.push(item);
    else months.set(month, [item]);
  }
  return [...months.keys()].sort().flatMap((month) => monthParts(kind, month, months.get(month)!.sort(byCreation)));
}

/** The parts of one month of `kind`: `rows` are its items in creation order (`byCreation`). */
export function monthParts(kind: string, month: string, rows: readonly Dated[]): SitemapPart[] {
  const parts: SitemapPart[] = [];
  for (let i = 0; i < rows.length; i += PART_MAX) {
    const n = i / PART_MAX + 1;
    parts.push({
      name: `${kind}-${month}${n > 1 ? `-${n}` : ""}`,
      entries: rows.slice(i, i + PART_MAX).map(entryOf),
    });
  }
  return parts;
}

/**
 * Each kind's months kept from one build to the next (issue 31): a build that follows the one they were made in
 * (the store's `version`) moves only the items that left and came, and remakes only their months' parts; the other
 * parts are the same objects as before, so the build finds their digests in its memo (scripts/partial-build.ts)
 * instead of going over 50,000 addresses. Anything else groups every item again (`monthlyParts`' result, which this equals:
 * lib/sitemap.test.ts).
 */
type KeptMonths = { version: number; months: Map<string, Dated[]>; parts: Map<string, SitemapPart[]> };
const keptMonths = new Map<string, KeptMonths>();

export function keptMonthlyParts<T extends { createdAt: string }>(kind: string, items: readonly T[], change: StoreChange<T>, datedOf: (item: T) => Dated): SitemapPart[] {
  const version = change?.version ?? -1;
  let kept = keptMonths.get(kind);
  const monthOf = (d: Dated) => d.createdAt.slice(0, 7);
  if (kept && version >= 0 && kept.version === version - 1 && change?.delta) {
    const { months, parts } = kept;
    for (const item of change.delta.removed) {
      const d = datedOf(item);
      const rows = months.get(monthOf(d));
      const at = rows ? rows.indexOf(d, lowerBound(rows, d, byCreation)) : -1;
      if (!rows || at < 0) {
        kept = undefined;
        break;
      }
      rows.splice(at, 1);
      if (rows.length === 0) months.delete(monthOf(d));
      parts.delete(monthOf(d));
    }
    if (kept) {
      for (const item of change.delta.added) {
        const d = datedOf(item);
        const rows = months.get(monthOf(d)) ?? [];
        rows.splice(lowerBound(rows, d, byCreation), 0, d);
        months.set(monthOf(d), rows);
        parts.delete(monthOf(d));
      }
      kept.version = version;
    }
  } else if (kept?.version !== version || version < 0) kept = undefined;
  if (!kept) {
    const months = new Map<string, Dated[]>();
    for (const item of items) {
      const d = datedOf(item);
      const rows = months.get(monthOf(d));
      if (rows) rows.push(d);
      else months.set(monthOf(d), [d]);
    }
    for (const rows of months.values()) rows.sort(byCreation);
    kept = { version, months, parts: new Map() };
    keptMonths.set(kind, kept);
  }
  const { months, parts } = kept;
  return [...months.keys()].sort().flatMap((month) => {
    let mine = parts.get(month);
    if (!mine) parts.set(month, (mine = monthParts(kind, month, months.get(month)!)));
    return mine;
  });
}

/** One part: a urlset. */
export function urlsetXml(origin: string, entries: readonly SitemapEntry[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((e) => `<url><loc>${xmlEscape(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.slice(0, 10)}</lastmod>` : ""}</url>`),
    "</urlset>",
  ].join("\n");
}

export const partHref = (name: string) => `/sitemap/${name}.xml`;

/** The index: one line per part, no dates (it then changes only when a part appears or goes). */
export function indexXml(origin: string, names: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...names.map((name) => `<sitemap><loc>${xmlEscape(origin + partHref(name))}</loc></sitemap>`),
    "</sitemapindex>",
  ].join("\n");
}

/**
 * What a crawler reads: the index at /sitemap.xml, then every part it names. `get` fetches a path of the site and
 * gives its text (the browser journeys and the benchmarks pass their own client).
 */
export async function readSitemap(get: (path: string) => Promise<string>): Promise<{ path: string; xml: string }[]> {
  const index = await get("/sitemap.xml");
  const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(decodeEntities(m[1]!)).pathname);
  return [{ path: "/sitemap.xml", xml: index }, ...(await Promise.all(parts.map(async (path) => ({ path, xml: await get(path) }))))];
}

/** Every page address of the sitemap's parts (the index's own lines left out). */
export async function sitemapLocs(get: (path: string) => Promise<string>): Promise<string[]> {
  const files = await readSitemap(get);
  return files.slice(1).flatMap((f) => [...f.xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeEntities(m[1]!)));
}
