/**
 * "À lire aussi" at the end of an article: other articles sharing its themes, those with the most themes in
 * common first, then the most recent. Computed at build time from the article list the build fetches anyway.
 */
type Related = { _id: string; createdAt: string; themes: readonly { url: string }[] };

/**
 * The related articles of every article of `all`, without comparing each with every other: articles are grouped
 * by theme once, then only those sharing a theme are counted, in arrays indexed by position (a Map per article
 * and a sort of every candidate cost ~2 s per build at 5,000 articles), and only the best `limit` are kept.
 * Ties (same count, same date) go to the article met first, as a stable sort would.
 */
export function relatedFinder<T extends Related>(all: readonly T[], limit = 3): (article: Related) => T[] {
  const byTheme = new Map<string, number[]>();
  all.forEach((a, i) => {
    for (const t of a.themes) {
      const list = byTheme.get(t.url);
      if (list) list.push(i);
      else byTheme.set(t.url, [i]);
    }
  });
  const count = new Int32Array(all.length);
  const seenIn = new Int32Array(all.length);
  let call = 0;
  // ISO dates of one format: comparing the strings compares the dates.
  const better = (i: number, j: number) => count[i]! > count[j]! || (count[i] === count[j] && all[i]!.createdAt > all[j]!.createdAt);
  return (article) => {
    call++;
    const met: number[] = [];
    for (const url of new Set(article.themes.map((t) => t.url))) {
      for (const i of byTheme.get(url) ?? []) {
        if (all[i]!._id === article._id) continue;
        if (seenIn[i] !== call) {
          seenIn[i] = call;
          count[i] = 0;
          met.push(i);
        }
        count[i]!++;
      }
    }
    const top: number[] = [];
    for (const i of met) {
      let at = top.length;
      while (at > 0 && better(i, top[at - 1]!)) at--;
      if (at < limit) {
        top.splice(at, 0, i);
        if (top.length > limit) top.pop();
      }
    }
    return top.map((i) => all[i]!);
  };
}

/** The related articles of one article (see relatedFinder to ask for many). */
export function relatedArticles<T extends Related>(article: Related, all: readonly T[], limit = 3): T[] {
  return relatedFinder(all, limit)(article);
}
