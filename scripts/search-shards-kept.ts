/**
 * The search index's cut into shards (scripts/search-index.ts `assignShards` says what it is), made here, and kept
 * from one build to the next in a long-lived build process, updated from a staged change's pages instead of made
 * again. At 50,000 articles,
 * cutting the 51,000 searchable pages whole (two sorts, a hash of every address, every shard's digest over all its
 * pages) is ~0.5 s on the way from a change to the site, for a change that touches one shard or two.
 *
 * The cut is content-defined: a chunk ends after a page "marked" by its own hash once the chunk holds its minimum
 * (or at its maximum), and the next chunk starts afresh. So after a cut, the chunks that follow depend on the pages
 * that follow only. A page added or removed is cut again from the start of its chunk on, until a new cut falls
 * where an old chunk ended: from there on, the old chunks stand as they were. The result is the same cut as one made
 * afresh from the same pages (scripts/search-shards-kept.test.ts compares them change after change).
 */

/** Old pages' shards hold about this many times PAGES_PER_SHARD pages. */
export const OLD_SHARD_FACTOR = 8;

/** How far a chunk's size strays from its target: from (1 - spread) to (1 + 2 × spread) times it (`rule`). */
const SMALL_SPREAD = 0.5;
// Old chunks are large: a tighter spread keeps an old page's edit near the target (3,000 to 6,000 pages at 500).
const OLD_SPREAD = 0.25;

/** A searchable page as the shards see it: its address, its person (`shardKey`), its date (`pageDate`) or "". */
export type ShardPage = { url: string; key: string; date: string };

const byKey = (a: ShardPage, b: ShardPage) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.url < b.url ? -1 : a.url > b.url ? 1 : 0);
const byDate = (a: ShardPage, b: ShardPage) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.url < b.url ? -1 : a.url > b.url ? 1 : 0);

/**
 * A page with its marks, one bit per cut (Rule.bit), each found (`known`) the first time a cut asks for it: an
 * address's hash is computed once, not at every build.
 */
type Page = ShardPage & { marks: number; known: number };
/** A chunk's pages in cut order; its shard's addresses and digest once asked for (a chunk is never modified). */
type Chunk = { pages: Page[]; urls?: string[]; digest?: string };
/**
 * One of the three cuts, content-defined (as rsync and backup tools cut files): pages, in `order`, are cut after a
 * page "marked" by a hash of its own address (one page in `every`) once the chunk holds `min` pages, and at `max`
 * at most; with `together`, not between two pages of one person. Where a chunk ends depends on the pages around it
 * only: a page added, changed or removed changes its own chunk (rarely the next one too, when a cut moves).
 */
type Rule = { min: number; max: number; every: bigint; salt: string; bit: number; together: boolean; order: (a: ShardPage, b: ShardPage) => number };

function rule(target: number, salt: string, bit: number, together: boolean, spread: number, order: Rule["order"]): Rule {
  const min = Math.max(1, Math.ceil(target * (1 - spread)));
  const max = Math.max(min, Math.ceil(target * (1 + 2 * spread)));
  return { min, max, every: BigInt(Math.max(1, target - min)), salt, bit, together, order };
}

const EMPTY: Chunk = { pages: [] };

/** A shard's digest: of its pages' addresses, in address order, and their digests (what `.search.json` records). */
function shardDigest(urls: readonly string[], digestOf: (url: string) => string): string {
  return Bun.hash(urls.map((url) => `${url}\u0000${digestOf(url)}`).join("\n")).toString(36);
}

/** Whether `page` ends a chunk of `rule`'s cut once the chunk holds its minimum: its address's hash says so. */
function marked(page: Page, rule: Rule): boolean {
  if ((page.known & rule.bit) === 0) {
    page.known |= rule.bit;
    if (Bun.hash(`${rule.salt}\u0000${page.url}`) % rule.every === 0n) page.marks |= rule.bit;
  }
  return (page.marks & rule.bit) !== 0;
}

/**
 * `chunks` cut again from chunk `start` on, chunk `at` (or a new one, when there is none) replaced by `edited`:
 * the cut resumed after a cut (`start`'s chunk began after one) until it cuts where a chunk at or after `at` ended,
 * after which the chunks are those of the same pages after the same fresh start.
 */
function recut(chunks: Chunk[], at: number, edited: Page[], rule: Rule, start: number): Chunk[] {
  const count = Math.max(chunks.length, at + 1);
  const pagesOf = (k: number) => (k === at ? edited : chunks[k]!.pages);
  // The page after the `i`-th of chunk `k`, whichever chunk it is in (with `together`, a cut waits for a person's last page).
  const next = (k: number, i: number) => {
    for (let pages = pagesOf(k), j = i + 1; ; pages = pagesOf(++k), j = 0) {
      if (j < pages.length) return pages[j];
      if (k + 1 >= count) return undefined;
    }
  };
  const made: Chunk[] = [];
  let current: Page[] = [];
  let mark = false;
  for (let k = start; k < count; k++) {
    const pages = pagesOf(k);
    for (let i = 0; i < pages.length; i++) {
      const page = pages[i]!;
      current.push(page);
      if (current.length >= rule.min && marked(page, rule)) mark = true;
      if (current.length >= rule.max || (mark && (!rule.together || next(k, i)?.key !== page.key))) {
        made.push({ pages: current });
        current = [];
        mark = false;
      }
    }
    if (current.length === 0 && k >= at) return [...chunks.slice(0, start), ...made, ...chunks.slice(k + 1)];
  }
  if (current.length > 0) made.push({ pages: current });
  return [...chunks.slice(0, start), ...made];
}

/** `chunks` with `page` added or removed (null when it is not there to remove), cut again around it. */
function edit(chunks: Chunk[], page: Page, add: boolean, rule: Rule): Chunk[] | null {
  // Its chunk: the first whose last page does not come before it, else the last one.
  let lo = 0;
  for (let hi = chunks.length - 1; lo < hi; ) {
    const mid = (lo + hi) >> 1;
    const pages = chunks[mid]!.pages;
    if (rule.order(pages[pages.length - 1]!, page) < 0) lo = mid + 1;
    else hi = mid;
  }
  const pages = chunks[lo]?.pages ?? [];
  let i = 0;
  for (let hi = pages.length; i < hi; ) {
    const mid = (i + hi) >> 1;
    if (rule.order(pages[mid]!, page) < 0) i = mid + 1;
    else hi = mid;
  }
  if (!add && pages[i]?.url !== page.url) return null;
  const edited = add ? [...pages.slice(0, i), page, ...pages.slice(i)] : [...pages.slice(0, i), ...pages.slice(i + 1)];
  // With `together`, whether the previous chunk ended where it did depended on this chunk's first page.
  const start = rule.together && i === 0 && lo > 0 ? lo - 1 : lo;
  return recut(chunks, lo, edited, rule, start);
}

/**
 * The cut of a set of pages (`assignShards`), and the shards' digests, updated page by page (`add`, `remove`). Each
 * operation costs about a chunk's pages (up to 1.5 × OLD_SHARD_FACTOR × `perShard`), whatever the site's size.
 */
export class KeptShards {
  private readonly undatedRule: Rule;
  private readonly oldRule: Rule;
  private readonly recentRule: Rule;
  private undated: Chunk[];
  private old: Chunk[];
  /** The old chunks from this one on are the recent part, cut again into small shards (`recent`). */
  private recentFrom = 0;
  private recent: Chunk[] = [];

  constructor(
    readonly perShard: number,
    pages: readonly ShardPage[],
  ) {
    this.undatedRule = rule(perShard, "undated", 1, true, SMALL_SPREAD, byKey);
    this.oldRule = rule(perShard * OLD_SHARD_FACTOR, "old", 2, false, OLD_SPREAD, byDate);
    this.recentRule = rule(perShard, "recent", 4, false, SMALL_SPREAD, byDate);
    const all = pages.map((p) => this.page(p));
    this.undated = recut([], 0, all.filter((p) => !p.date).sort(byKey), this.undatedRule, 0);
    this.old = recut([], 0, all.filter((p) => p.date).sort(byDate), this.oldRule, 0);
    this.cutRecent();
  }

  private page({ url, key, date }: ShardPage): Page {
    return { url, key, date, marks: 0, known: 0 };
  }

  /** The recent part (`assignShards`): the newest old chunks, back to a large chunk's worth of pages. */
  private recentStart(): number {
    let from = this.old.length;
    for (let recent = 0; from > 0 && recent < this.perShard * OLD_SHARD_FACTOR; ) recent += this.old[--from]!.pages.length;
    return from;
  }

  private cutRecent() {
    this.recentFrom = this.recentStart();
    this.recent = recut([], 0, this.old.slice(this.recentFrom).flatMap((c) => c.pages), this.recentRule, 0);
  }

  /** Adds a page that is not there (an address is never twice in the cut). */
  add(page: ShardPage): void {
    this.change(this.page(page), true);
  }

  /** Removes a page given as it was added (its key and date find it); false when it is not there. */
  remove(page: ShardPage): boolean {
    return this.change(this.page(page), false);
  }

  private change(page: Page, add: boolean): boolean {
    if (!page.date) {
      const undated = edit(this.undated, page, add, this.undatedRule);
      if (undated) this.undated = undated;
      return undated !== null;
    }
    const regionStart = this.old[this.recentFrom]?.pages[0];
    const old = edit(this.old, page, add, this.oldRule);
    if (!old) return false;
    this.old = old;
    const from = this.recentStart();
    // The recent part starting at the same page holds the same pages but this one: it is edited the same way;
    // when it starts elsewhere (a chunk of old pages closed, or its first page changed), it is cut again whole.
    if (regionStart !== undefined && this.old[from]?.pages[0] === regionStart) {
      this.recentFrom = from;
      if (byDate(page, regionStart) > 0) {
        // A page the recent part should hold and does not (never seen): that part is cut again from the old chunks.
        const recent = edit(this.recent, page, add, this.recentRule);
        if (recent) this.recent = recent;
        else this.cutRecent();
      }
    } else this.cutRecent();
    return true;
  }

  private shards(): Chunk[] {
    const shards = [...this.undated, ...this.old.slice(0, this.recentFrom), ...this.recent];
    return shards.length > 0 ? shards : [EMPTY];
  }

  /** The shards of the pages: each shard's addresses, in address order. */
  members(): string[][] {
    return this.shards().map((c) => (c.urls ??= c.pages.map((p) => p.url).sort()));
  }

  /**
   * Each shard's digest over its pages' digests (`digestOf`, which must give what it gave when the shard's chunk
   * was made: a page's digest changes only by its removal and addition).
   */
  digests(digestOf: (url: string) => string): string[] {
    return this.shards().map((c) => (c.digest ??= shardDigest((c.urls ??= c.pages.map((p) => p.url).sort()), digestOf)));
  }
}
