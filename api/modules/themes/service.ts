import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { articles, articleThemes, eventThemes, themes, type ThemeRow } from "../../../db/schema";
import { RESERVED_THEME_URLS } from "../../../shared/theme-urls";
import { countMemo } from "../../lib/count-memo";
import { BadRequestError, ConflictError, NotFoundError } from "../../lib/errors";
import { articleIsPublic } from "../articles/service";
import type { AdminTheme, DeletedTheme, Theme, ThemeBody, ThemeWithCount } from "./model";

/**
 * French alphabetical order (issue 19 §3.9): SQLite compares bytes, which puts « Économie » after « Société »; a
 * French reader expects É with E and « Thème 2 » before « Thème 10 », which the folded key (`name_key`) cannot
 * give. Themes are a few dozen: the whole lists are sorted here only, by the collator, the id settling ties (as
 * the key's index does), so no ORDER BY runs before it.
 */
const french = new Intl.Collator("fr", { sensitivity: "base", numeric: true });
export const byName = <T extends { id: string; name: string }>(rows: T[]): T[] =>
  rows.sort((a, b) => french.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

export function toTheme(row: ThemeRow): Theme {
  return { _id: row.id, name: row.name, url: row.url, keywords: row.keywords };
}

/** Themes in French order (« Économie » before « Société », not after). */
export async function listThemes(db: Db): Promise<Theme[]> {
  const rows = byName(await db.select().from(themes));
  return rows.map(toTheme);
}

/** Themes with the number of public articles carrying each (themes without any count 0). */
/** Each theme's public articles counted (articles_public_ids_idx: no article row read; api/lib/list-query-plans.test.ts). */
export function publicThemeCounts(db: Db) {
  return db
    .select({ themeId: articleThemes.themeId, n: count() })
    .from(articleThemes)
    .innerJoin(articles, eq(articles.id, articleThemes.articleId))
    .where(articleIsPublic)
    .groupBy(articleThemes.themeId);
}

export async function listThemesWithCount(db: Db): Promise<ThemeWithCount[]> {
  const counts = await publicThemeCounts(db);
  const byTheme = new Map(counts.map((c) => [c.themeId, c.n]));
  const rows = byName(await db.select().from(themes));
  return rows.map((r) => ({ _id: r.id, name: r.name, url: r.url, count: byTheme.get(r.id) ?? 0 }));
}

/** How many articles and events carry each theme (all of them, published or not); `ids` limits it to those themes. */
async function usage(db: Db, ids?: string[]): Promise<{ articles: Map<string, number>; events: Map<string, number> }> {
  // Counted over every link row (3 ms at 50,000 articles): kept until the content changes (api/lib/count-memo.ts).
  return countMemo(db)(`theme usage ${ids?.join(" ") ?? "all"}`, async () => {
    const [a, e] = await Promise.all([
      db
        .select({ id: articleThemes.themeId, n: count() })
        .from(articleThemes)
        .where(ids ? inArray(articleThemes.themeId, ids) : undefined)
        .groupBy(articleThemes.themeId),
      db
        .select({ id: eventThemes.themeId, n: count() })
        .from(eventThemes)
        .where(ids ? inArray(eventThemes.themeId, ids) : undefined)
        .groupBy(eventThemes.themeId),
    ]);
    return { articles: new Map(a.map((r) => [r.id, r.n])), events: new Map(e.map((r) => [r.id, r.n])) };
  });
}

/**
 * Every theme with its usage, in French order; `ids` narrows it to one page of the list, which is then in the
 * page's own order (the folded key, api/modules/themes/listing.ts): no sort here for it.
 */
export async function listAdminThemes(db: Db, ids?: string[]): Promise<AdminTheme[]> {
  const [rows, used] = await Promise.all([db.select().from(themes).where(ids ? inArray(themes.id, ids) : undefined), usage(db, ids)]);
  return (ids ? rows : byName(rows)).map((r) => ({ ...toTheme(r), articles: used.articles.get(r.id) ?? 0, events: used.events.get(r.id) ?? 0 }));
}

export async function countThemes(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(themes);
  return row?.n ?? 0;
}

/** Trimmed keywords, comma text split, empties and repeats dropped. */
export function cleanKeywords(list: string[] | undefined): string[] {
  const words = (list ?? []).flatMap((k) => k.split(",")).map((k) => k.trim()).filter(Boolean);
  return [...new Set(words)];
}

function cleanTheme(body: ThemeBody) {
  return { name: body.name.trim(), url: body.url.trim(), keywords: cleanKeywords(body.keywords) };
}

async function assertUrlFree(db: Db, url: string, exceptId: string | null) {
  if (RESERVED_THEME_URLS.includes(url.toLowerCase())) {
    throw new BadRequestError(`«\u00a0${url}\u00a0» est réservé aux adresses des listes d'articles\u00a0: choisissez une autre URL de thème.`);
  }
  const [taken] = await db
    .select({ id: themes.id })
    .from(themes)
    .where(and(eq(sql`lower(${themes.url})`, url.toLowerCase()), exceptId ? ne(themes.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new ConflictError("Cette URL de thème est déjà utilisée.");
}

async function findTheme(db: Db, id: string): Promise<ThemeRow> {
  const [row] = await db.select().from(themes).where(eq(themes.id, id)).limit(1);
  if (!row) throw new NotFoundError("Thème introuvable.");
  return row;
}

export async function createTheme(db: Db, body: ThemeBody): Promise<Theme> {
  const values = cleanTheme(body);
  await assertUrlFree(db, values.url, null);
  const [row] = await db.insert(themes).values({ id: newId(), ...values, createdAt: new Date() }).returning();
  return toTheme(row!);
}

export async function updateTheme(db: Db, id: string, body: ThemeBody): Promise<Theme> {
  await findTheme(db, id);
  const values = cleanTheme(body);
  await assertUrlFree(db, values.url, id);
  const [row] = await db.update(themes).set(values).where(eq(themes.id, id)).returning();
  return toTheme(row!);
}

/** Deletes a theme; the articles and events carrying it lose it (the link tables cascade). */
export async function deleteTheme(db: Db, id: string): Promise<DeletedTheme> {
  const row = await findTheme(db, id);
  const used = await usage(db);
  await db.delete(themes).where(eq(themes.id, id));
  return {
    message: "Thème supprimé.",
    _id: id,
    name: row.name,
    unlinked: { articles: used.articles.get(id) ?? 0, events: used.events.get(id) ?? 0 },
  };
}
