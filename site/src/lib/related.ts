/**
 * "À lire aussi" at the end of an article: other articles sharing its themes, those with the most themes in
 * common first, then the most recent. Computed at build time from the article list the build fetches anyway.
 */
type Related = { _id: string; createdAt: string; themes: readonly { url: string }[] };

/**
 * The related articles of every article of `all`, without comparing each with every other (at 5,000 articles that
 * took about 4 s of each build): articles are grouped by theme once, then only those sharing a theme are counted.
 */
export function relatedFinder<T extends Related>(all: readonly T[], limit = 3): (article: Related) => T[] {
  const byTheme = new Map<string, T[]>();
  for (const a of all) {
    for (const t of a.themes) {
      const list = byTheme.get(t.url);
      if (list) list.push(a);
      else byTheme.set(t.url, [a]);
    }
  }
  return (article) => {
    const shared = new Map<T, number>();
    for (const url of new Set(article.themes.map((t) => t.url))) {
      for (const a of byTheme.get(url) ?? []) if (a._id !== article._id) shared.set(a, (shared.get(a) ?? 0) + 1);
    }
    return [...shared]
      .sort(([x, nx], [y, ny]) => ny - nx || y.createdAt.localeCompare(x.createdAt))
      .slice(0, limit)
      .map(([a]) => a);
  };
}

/** The related articles of one article (see relatedFinder to ask for many). */
export function relatedArticles<T extends Related>(article: Related, all: readonly T[], limit = 3): T[] {
  return relatedFinder(all, limit)(article);
}
