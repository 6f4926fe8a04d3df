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
 * The related articles of every article of `all` (see below for how), the best `limit` of each. Ties (same count,
 * distance and date) go to the article met first when its themes are walked in the article's order, then in the
 * list's order, as a stable sort would.
 */
export function relatedFinder<T extends Related>(all: readonly T[], limit = 3): (article: Related) => T[] {
  return nearestFinder(all, limit) ?? scanFinder(all, limit);
}

/** At most this many themes on the site, and per article, for `nearestFinder`'s bit masks and theme subsets. */
const MAX_THEMES = 30;
const MAX_THEMES_PER_ARTICLE = 5;

const bitCount = (n: number) => {
  let c = 0;
  for (let m = n; m; m &= m - 1) c++;
  return c;
};

/**
 * Without looking at every candidate: the articles are filed once under every subset of their themes, each file
 * sorted by date. An article's best related articles share the most themes, so the files of its largest theme
 * subsets are read first, each from the article's date outwards (nearest first), and reading stops as soon as the
 * places are filled and the next article read is further away. At 50,000 articles on 12 themes the scan below
 * counts ~16,000 candidates per article (14.7 s per build); this reads a few dozen. Null when the themes do not fit
 * in the masks (more than MAX_THEMES on the site or MAX_THEMES_PER_ARTICLE on one article): the scan then.
 */
function nearestFinder<T extends Related>(all: readonly T[], limit: number): ((article: Related) => T[]) | null {
  const bit = new Map<string, number>();
  const masks = new Int32Array(all.length);
  for (let i = 0; i < all.length; i++) {
    const urls = new Set(all[i]!.themes.map((t) => t.url));
    if (urls.size > MAX_THEMES_PER_ARTICLE) return null;
    for (const url of urls) {
      if (!bit.has(url)) {
        if (bit.size === MAX_THEMES) return null;
        bit.set(url, bit.size);
      }
      masks[i]! |= 1 << bit.get(url)!;
    }
  }
  const time = Float64Array.from(all, (a) => Date.parse(a.createdAt));
  // Every non-empty subset of an article's themes files it; each file by date, then by position.
  const files = new Map<number, number[]>();
  for (let i = 0; i < all.length; i++) {
    const m = masks[i]!;
    for (let sub = m; sub; sub = (sub - 1) & m) {
      const file = files.get(sub);
      if (file) file.push(i);
      else files.set(sub, [i]);
    }
  }
  for (const file of files.values()) file.sort((a, b) => time[a]! - time[b]! || a - b);
  const seenIn = new Int32Array(all.length);
  let call = 0;
  return (article) => {
    call++;
    const order = [...new Set(article.themes.map((t) => t.url))].filter((url) => bit.has(url));
    const mask = order.reduce((m, url) => m | (1 << bit.get(url)!), 0);
    const at = Date.parse(article.createdAt);
    // Where a candidate is met first by the scan: the first of the article's themes it has, then its position.
    const met = (i: number) => order.findIndex((url) => masks[i]! & (1 << bit.get(url)!)) * all.length + i;
    const chosen: number[] = [];
    for (let level = bitCount(mask); level >= 1 && chosen.length < limit; level--) {
      const needed = limit - chosen.length;
      // The files of the subsets with `level` themes, each read outwards from the article's date.
      const walks: { file: number[]; down: number; up: number }[] = [];
      for (let sub = mask; sub; sub = (sub - 1) & mask) {
        const file = bitCount(sub) === level ? files.get(sub) : undefined;
        if (!file) continue;
        let [low, high] = [0, file.length];
        while (low < high) {
          const mid = (low + high) >>> 1;
          if (time[file[mid]!]! < at) low = mid + 1;
          else high = mid;
        }
        walks.push({ file, down: low - 1, up: low });
      }
      const found: number[] = [];
      for (;;) {
        // The nearest next article over every walk.
        let best = -1;
        let bestWalk = -1;
        let bestSide: "down" | "up" = "up";
        let bestDistance = Infinity;
        walks.forEach((w, k) => {
          for (const side of ["down", "up"] as const) {
            const i = w.file[w[side]];
            if (i === undefined) continue;
            const d = Math.abs(time[i]! - at);
            if (d < bestDistance) [best, bestWalk, bestSide, bestDistance] = [i, k, side, d];
          }
        });
        if (best < 0) break;
        if (found.length >= needed && bestDistance > Math.abs(time[found[needed - 1]!]! - at)) break;
        walks[bestWalk]![bestSide] += bestSide === "up" ? 1 : -1;
        // Each candidate once; one sharing more themes was placed at a higher level (that level was read whole).
        if (seenIn[best] === call || all[best]!._id === article._id) continue;
        seenIn[best] = call;
        if (bitCount(masks[best]! & mask) !== level) continue;
        found.push(best);
      }
      found.sort((i, j) => Math.abs(time[i]! - at) - Math.abs(time[j]! - at) || time[j]! - time[i]! || met(i) - met(j));
      chosen.push(...found.slice(0, needed));
    }
    return chosen.map((i) => all[i]!);
  };
}

/**
 * The related articles by counting every candidate: articles are grouped by theme once, then only those sharing a
 * theme are counted, in arrays indexed by position, and only the best `limit` are kept.
 */
function scanFinder<T extends Related>(all: readonly T[], limit: number): (article: Related) => T[] {
  const byTheme = new Map<string, number[]>();
  all.forEach((a, i) => {
    for (const url of new Set(a.themes.map((t) => t.url))) {
      const list = byTheme.get(url);
      if (list) list.push(i);
      else byTheme.set(url, [i]);
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
  // Themes are a handful per article: arrays, not sets (this runs for every article per changed one).
  let count = 0;
  candidate.themes.forEach((t, i) => {
    const first = candidate.themes.findIndex((x) => x.url === t.url) === i;
    if (first && of.themes.some((o) => o.url === t.url)) count++;
  });
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
