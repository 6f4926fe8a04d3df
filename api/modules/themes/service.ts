import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles, articleThemes, themes, type ThemeRow } from "../../../db/schema";
import type { Theme, ThemeWithCount } from "./model";

export function toTheme(row: ThemeRow): Theme {
  return { _id: row.id, name: row.name, url: row.url, keywords: row.keywords };
}

export async function listThemes(db: Db): Promise<Theme[]> {
  const rows = await db.select().from(themes).orderBy(asc(themes.name));
  return rows.map(toTheme);
}

/** Themes with the number of public articles carrying each (themes without any count 0). */
export async function listThemesWithCount(db: Db): Promise<ThemeWithCount[]> {
  const counts = await db
    .select({ themeId: articleThemes.themeId, n: count() })
    .from(articleThemes)
    .innerJoin(articles, eq(articles.id, articleThemes.articleId))
    .where(and(eq(articles.approved, true), eq(articles.online, true)))
    .groupBy(articleThemes.themeId);
  const byTheme = new Map(counts.map((c) => [c.themeId, c.n]));
  const rows = await db.select().from(themes).orderBy(asc(themes.name));
  return rows.map((r) => ({ _id: r.id, name: r.name, url: r.url, count: byTheme.get(r.id) ?? 0 }));
}
