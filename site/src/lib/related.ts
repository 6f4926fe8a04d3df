/**
 * "À lire aussi" at the end of an article: other articles sharing its themes, those with the most themes in
 * common first, then those published closest in time to it (the more recent of two as close). Closest rather than
 * newest: with "newest", publishing or withdrawing a recent article changed the list of every article on its
 * themes (about 400 pages to build again at 5,000 articles); with "closest", only its neighbours in time change,
 * and a reader of an older piece meets the debate of its time. Computed at build time from the article list the
 * build fetches anyway.
 */
import { lowerBound } from "./list-order";

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

/** An article as the subset files hold it: its time and its themes' bits; `pos` its place in a list not kept. */
type Entry<T> = { item: T; time: number; mask: number; pos: number };

/**
 * The subset files of `nearestFinder`: every article is filed under every non-empty subset of its themes' bits,
 * each file sorted by date, then by the list's order (`tie`). Kept from one build to the next by `keptRelatedFinder`
 * (articles leave and come by binary search), or made for one list. `ok` false: the themes do not fit in the masks.
 */
class SubsetFiles<T extends Related> {
  readonly bit = new Map<string, number>();
  readonly files = new Map<number, Entry<T>[]>();
  readonly entries = new Map<T, Entry<T>>();
  ok = true;
  readonly order = (a: Entry<T>, b: Entry<T>) => a.time - b.time || this.tie(a, b);

  constructor(private readonly tie: (a: Entry<T>, b: Entry<T>) => number) {}

  /** The article's entry, or null (and `ok` false) when its themes do not fit. */
  entry(item: T, pos: number): Entry<T> | null {
    const urls = new Set(item.themes.map((t) => t.url));
    if (urls.size > MAX_THEMES_PER_ARTICLE) return ((this.ok = false), null);
    let mask = 0;
    for (const url of urls) {
      if (!this.bit.has(url)) {
        if (this.bit.size === MAX_THEMES) return ((this.ok = false), null);
        this.bit.set(url, this.bit.size);
      }
      mask |= 1 << this.bit.get(url)!;
    }
    return { item, time: Date.parse(item.createdAt), mask, pos };
  }

  /** Files every article of `all` (unsorted: `sortAll` after). */
  fileAll(all: readonly T[]): void {
    for (let i = 0; i < all.length && this.ok; i++) {
      const e = this.entry(all[i]!, i);
      if (!e) return;
      this.entries.set(e.item, e);
      for (let sub = e.mask; sub; sub = (sub - 1) & e.mask) {
        const file = this.files.get(sub);
        if (file) file.push(e);
        else this.files.set(sub, [e]);
      }
    }
    for (const file of this.files.values()) file.sort(this.order);
  }

  /** One article in (its place in each file by binary search); false when it does not fit. */
  add(item: T): boolean {
    const e = this.entry(item, -1);
    if (!e) return false;
    this.entries.set(item, e);
    for (let sub = e.mask; sub; sub = (sub - 1) & e.mask) {
      const file = this.files.get(sub) ?? [];
      file.splice(lowerBound(file, e, this.order), 0, e);
      this.files.set(sub, file);
    }
    return true;
  }

  /** One article out; false when it was not filed. */
  remove(item: T): boolean {
    const e = this.entries.get(item);
    if (!e) return false;
    this.entries.delete(item);
    for (let sub = e.mask; sub; sub = (sub - 1) & e.mask) {
      const file = this.files.get(sub);
      const place: number = file ? lowerBound(file, e, this.order) : -1;
      if (!file || file[place] !== e) return false;
      file.splice(place, 1);
    }
    return true;
  }

  /** The finder over the files (see `nearestFinder`). */
  finder(limit: number): (article: Related) => T[] {
    const { bit, files } = this;
    return (article) => {
      const order = [...new Set(article.themes.map((t) => t.url))].filter((url) => bit.has(url));
      const mask = order.reduce((m, url) => m | (1 << bit.get(url)!), 0);
      const at = Date.parse(article.createdAt);
      // Where a candidate is met first by the scan: the first of the article's themes it has, then the list's order.
      const themeOf = (e: Entry<T>) => order.findIndex((url) => e.mask & (1 << bit.get(url)!));
      const seen = new Set<Entry<T>>();
      const chosen: Entry<T>[] = [];
      for (let level = bitCount(mask); level >= 1 && chosen.length < limit; level--) {
        const needed = limit - chosen.length;
        // The files of the subsets with `level` themes, each read outwards from the article's date.
        const walks: { file: Entry<T>[]; down: number; up: number }[] = [];
        for (let sub = mask; sub; sub = (sub - 1) & mask) {
          const file = bitCount(sub) === level ? files.get(sub) : undefined;
          if (!file) continue;
          let [low, high] = [0, file.length];
          while (low < high) {
            const mid = (low + high) >>> 1;
            if (file[mid]!.time < at) low = mid + 1;
            else high = mid;
          }
          walks.push({ file, down: low - 1, up: low });
        }
        const found: Entry<T>[] = [];
        for (;;) {
          // The nearest next article over every walk.
          let best: Entry<T> | undefined;
          let bestWalk = -1;
          let bestSide: "down" | "up" = "up";
          let bestDistance = Infinity;
          walks.forEach((w, k) => {
            for (const side of ["down", "up"] as const) {
              const e = w.file[w[side]];
              if (e === undefined) continue;
              const d = Math.abs(e.time - at);
              if (d < bestDistance) [best, bestWalk, bestSide, bestDistance] = [e, k, side, d];
            }
          });
          if (!best) break;
          if (found.length >= needed && bestDistance > Math.abs(found[needed - 1]!.time - at)) break;
          walks[bestWalk]![bestSide] += bestSide === "up" ? 1 : -1;
          // Each candidate once; one sharing more themes was placed at a higher level (that level was read whole).
          const e: Entry<T> = best;
          if (seen.has(e) || e.item._id === article._id) continue;
          seen.add(e);
          if (bitCount(e.mask & mask) !== level) continue;
          found.push(e);
        }
        found.sort((x, y) => Math.abs(x.time - at) - Math.abs(y.time - at) || y.time - x.time || themeOf(x) - themeOf(y) || this.tie(x, y));
        chosen.push(...found.slice(0, needed));
      }
      return chosen.map((e) => e.item);
    };
  }
}

/**
 * Without looking at every candidate: the articles are filed once under every subset of their themes, each file
 * sorted by date (`SubsetFiles`). An article's best related articles share the most themes, so the files of its
 * largest theme subsets are read first, each from the article's date outwards (nearest first), and reading stops
 * as soon as the places are filled and the next article read is further away. At 50,000 articles on 12 themes the
 * scan below counts ~16,000 candidates per article (14.7 s per build); this reads a few dozen. Null when the themes
 * do not fit in the masks (more than MAX_THEMES on the site or MAX_THEMES_PER_ARTICLE on one article): the scan then.
 */
function nearestFinder<T extends Related>(all: readonly T[], limit: number): ((article: Related) => T[]) | null {
  const files = new SubsetFiles<T>((a, b) => a.pos - b.pos);
  files.fileAll(all);
  return files.ok ? files.finder(limit) : null;
}

/** The subset files kept by `keptRelatedFinder`, and the version of the list they hold. */
let kept: { version: number; files: SubsetFiles<Related & { _id: string }> } | null = null;

/**
 * `relatedFinder(all)` for the build's article list, whose subset files are kept from one build to the next
 * (issue 31: filing 50,000 articles again was a pass of every build): `change` (lib/api.ts `articlesChange`) says
 * which articles left and came since the version the files hold; `order` is the list's order (the ties' order
 * that positions in `all` give `nearestFinder`). Anything else files every article again.
 */
export function keptRelatedFinder<T extends Related & { _id: string }>(
  all: readonly T[],
  change: { version: number; delta: { removed: readonly T[]; added: readonly T[] } | null } | null,
  order: (a: T, b: T) => number,
  limit = 3,
): (article: Related) => T[] {
  const version = change?.version ?? -1;
  const files = kept?.files as SubsetFiles<T> | undefined;
  let fresh = !files || version < 0 || !(kept!.version === version || (kept!.version === version - 1 && change?.delta));
  if (!fresh && kept!.version === version - 1) {
    for (const item of change!.delta!.removed) if (!files!.remove(item)) fresh = true;
    for (const item of change!.delta!.added) if (!fresh && !files!.add(item)) fresh = true;
  }
  if (fresh) {
    const made = new SubsetFiles<T>((a, b) => order(a.item, b.item));
    made.fileAll(all);
    if (!made.ok) {
      kept = null;
      return scanFinder(all, limit);
    }
    kept = { version, files: made as unknown as SubsetFiles<Related & { _id: string }> };
  } else kept!.version = version;
  return (kept!.files as unknown as SubsetFiles<T>).finder(limit);
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
