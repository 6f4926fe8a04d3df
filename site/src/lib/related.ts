/**
 * "À lire aussi" at the end of an article: other articles sharing its themes, those with the most themes in
 * common first, then those published closest in time to it (the more recent of two as close). Closest rather than
 * newest: with "newest", publishing or withdrawing a recent article changed the list of every article on its
 * themes (about 400 pages to build again at 5,000 articles); with "closest", only its neighbours in time change,
 * and a reader of an older piece meets the debate of its time. Computed at build time from the article list the
 * build fetches anyway.
 */
type Related = { _id: string; createdAt: string; themes: readonly { url: string }[] };

/**
 * The related articles of every article of `all`, without comparing each with every other: articles are grouped
 * by theme once, then only those sharing a theme are counted, in arrays indexed by position (a Map per article
 * and a sort of every candidate cost ~2 s per build at 5,000 articles), and only the best `limit` are kept.
 * Ties (same count, distance and date) go to the article met first, as a stable sort would.
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
  const time = Float64Array.from(all, (a) => Date.parse(a.createdAt));
  const distance = new Float64Array(all.length);
  let call = 0;
  const better = (i: number, j: number) =>
    count[i]! > count[j]! ||
    (count[i] === count[j] && (distance[i]! < distance[j]! || (distance[i] === distance[j] && time[i]! > time[j]!)));
  return (article) => {
    call++;
    const at = Date.parse(article.createdAt);
    const met: number[] = [];
    for (const url of new Set(article.themes.map((t) => t.url))) {
      for (const i of byTheme.get(url) ?? []) {
        if (all[i]!._id === article._id) continue;
        if (seenIn[i] !== call) {
          seenIn[i] = call;
          count[i] = 0;
          distance[i] = Math.abs(time[i]! - at);
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

/** How an article ranks as a candidate for another's related articles (relatedFinder's order, ties aside). */
function rank(of: Related, candidate: Related): [number, number, number] {
  const themes = new Set(of.themes.map((t) => t.url));
  let count = 0;
  for (const t of candidate.themes) if (themes.has(t.url)) count++;
  const time = Date.parse(candidate.createdAt);
  return [count, Math.abs(time - Date.parse(of.createdAt)), time];
}

/** True when `a` ranks strictly before `b` among `of`'s related articles (relatedFinder's `better`). */
function strictlyBetter(a: [number, number, number], b: [number, number, number]): boolean {
  return a[0] > b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] > b[2])));
}

/**
 * The articles whose related list `changed` (an article as it is now) may enter: every article sharing one of its
 * themes whose last related article (`previous`: the ids it had) does not rank strictly before it, or that had fewer
 * than `limit`. An article whose related list held `changed` before is not found here (its caller knows it from the
 * previous lists). Ties count as "may enter": the answer may be larger than the truth, never smaller.
 */
export function mayEnterRelated<T extends Related>(
  all: readonly T[],
  changed: Related & { _id: string },
  previous: (id: string) => readonly string[] | undefined,
  byId: ReadonlyMap<string, Related>,
  limit = 3,
): Set<string> {
  const found = new Set<string>();
  const themes = new Set(changed.themes.map((t) => t.url));
  if (themes.size === 0) return found;
  for (const article of all) {
    if (article._id === changed._id || found.has(article._id) || !article.themes.some((t) => themes.has(t.url))) continue;
    const before = previous(article._id);
    const last = before && before.length >= limit ? byId.get(before[limit - 1]!) : undefined;
    if (!last || !strictlyBetter(rank(article, last), rank(article, changed))) found.add(article._id);
  }
  return found;
}
