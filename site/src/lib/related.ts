/**
 * "À lire aussi" at the end of an article: other articles sharing its themes, those with the most themes in
 * common first, then the most recent. Computed at build time from the article list the build fetches anyway.
 */
type Related = { _id: string; createdAt: string; themes: readonly { url: string }[] };

export function relatedArticles<T extends Related>(article: Related, all: readonly T[], limit = 3): T[] {
  const mine = new Set(article.themes.map((t) => t.url));
  if (mine.size === 0) return [];
  return all
    .filter((a) => a._id !== article._id)
    .map((a) => ({ a, shared: a.themes.filter((t) => mine.has(t.url)).length }))
    .filter((x) => x.shared > 0)
    .sort((x, y) => y.shared - x.shared || y.a.createdAt.localeCompare(x.a.createdAt))
    .slice(0, limit)
    .map((x) => x.a);
}
