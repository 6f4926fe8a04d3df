import { and, eq, like, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles, media, retiredSlugs } from "../../../db/schema";
import { slugify } from "../../../db/slug";

type SluggedTable = typeof articles | typeof media;

/**
 * A free `url` for a new article or media: the slug of its title, then `-2`, `-3`… when taken, by a live or
 * trashed item or by one purged since (retired slugs). The slug stays the same when the title changes later, so
 * links, built pages and citations keep working, and never comes back for another item.
 */
export async function freeSlug(db: Db, table: SluggedTable, title: string, fallback: string): Promise<string> {
  const base = slugify(title) || fallback;
  const kind = table === articles ? "article" : "media";
  // slugify only yields [a-z0-9-], so the base holds no LIKE wildcard.
  const [rows, retired] = await Promise.all([
    db
      .select({ url: table.url })
      .from(table)
      .where(or(eq(table.url, base), like(table.url, `${base}-%`))),
    db
      .select({ url: retiredSlugs.slug })
      .from(retiredSlugs)
      .where(and(eq(retiredSlugs.kind, kind), or(eq(retiredSlugs.slug, base), like(retiredSlugs.slug, `${base}-%`)))),
  ]);
  const taken = new Set([...rows, ...retired].map((r) => r.url));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/**
 * Runs an insert with a free slug; if a simultaneous write took the same slug in between (UNIQUE constraint on
 * `url`), tries again once with a random suffix rather than failing the member's request.
 */
export async function withFreeSlug<T>(
  db: Db,
  table: SluggedTable,
  title: string,
  fallback: string,
  insert: (url: string) => Promise<T>,
): Promise<T> {
  const url = await freeSlug(db, table, title, fallback);
  try {
    return await insert(url);
  } catch (e) {
    if (!/UNIQUE constraint failed: \w+\.url/.test(String((e as { cause?: unknown }).cause ?? e))) throw e;
    return insert(`${url}-${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36)}`);
  }
}
