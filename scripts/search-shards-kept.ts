/**
 * The search index's cut into shards (scripts/search-index.ts `assignShards` says what it is), made here, and kept
 * from one build to the next in a long-lived build process, updated from a staged change's pages instead of made
 * again. At 50,000 articles,
 * cutting the 51,000 searchable pages whole (two sorts, a hash of every address, every shard's digest over all its
 * pages) is ~0.5 s on the way from a change to the site, for a change that touches one shard or two.
 *
 * The cut is content-defined: a chunk ends after a page "marked" by its own hash once the chunk holds its minimum
 * (or, with no such page up to its maximum, after the last page with a denser backup mark, else at its maximum), and
 * the next chunk starts afresh. So after a cut, the chunks that follow depend on the pages that follow only. A page
 * added or removed is cut again from the start of its chunk on (or of an earlier chunk whose end was decided by
 * looking at pages up to this one), until a new cut falls where an old chunk ended: from there on, the old chunks
 * stand as they were. The result is the same cut as one made afresh from the same pages
 * (scripts/search-shards-kept.test.ts compares them change after change).
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
/** The dated pages' order (the old and recent cuts); also bench/search-plan.ts's. */
export const byDate = (a: ShardPage, b: ShardPage) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.url < b.url ? -1 : a.url > b.url ? 1 : 0);

/** Backup marks are this many times as frequent as marks (one page in `every` / BACKUP_DENSITY). */
const BACKUP_DENSITY = 2;

/**
 * A page with its marks, two bits per cut (Rule.bit, Rule.backupBit), found (`known`, by Rule.bit) the first time a
 * cut asks for them: an address's hash is computed once, not at every build.
 */
type Page = ShardPage & { marks: number; known: number };
/**
 * A chunk's pages in cut order; its shard's addresses and digest once asked for (a chunk is never modified).
 * `ahead`: how many pages after its last one the cut looked at to end it there (a backup cut is decided at the
 * maximum; with `together`, a cut looks at the next page's person), so a change among them can move its end.
 */
type Chunk = { pages: Page[]; ahead: number; urls?: string[]; digest?: string };
/**
 * One of the three cuts, content-defined (as rsync and backup tools cut files): pages, in `order`, are cut after a
 * page "marked" by a hash of its own address (one page in `every`) once the chunk holds `min` pages, and at `max`
 * at most; with `together`, not between two pages of one person. A chunk with no marked page up to `max` (about
 * e^-3 of them) is cut after the last page from `min` on with a backup mark (one page in `backupEvery`, from other
 * bits of the same hash), as TTTD cuts files, and at `max` only when there is none: a cut by count moves with any
 * page added or removed before it, a backup cut only with its own page (or a mark coming in at the maximum). Where
 * a chunk ends depends on the pages around it only: a page added, changed or removed changes its own chunk (rarely
 * the next one too, when a cut moves).
 */
type Rule = {
  min: number;
  max: number;
  every: bigint;
  backupEvery: bigint;
  salt: string;
  bit: number;
  backupBit: number;
  together: boolean;
  order: (a: ShardPage, b: ShardPage) => number;
};

function rule(target: number, salt: string, bit: number, together: boolean, spread: number, order: Rule["order"]): Rule {
  const min = Math.max(1, Math.ceil(target * (1 - spread)));
  const max = Math.max(min, Math.ceil(target * (1 + 2 * spread)));
  const every = Math.max(1, target - min);
  const backupEvery = BigInt(Math.max(1, Math.round(every / BACKUP_DENSITY)));
  return { min, max, every: BigInt(every), backupEvery, salt, bit, backupBit: bit << 3, together, order };
}

const EMPTY: Chunk = { pages: [], ahead: 0 };

/** A shard's digest: of its pages' addresses, in address order, and their digests (what `.search.json` records). */
function shardDigest(urls: readonly string[], digestOf: (url: string) => string): string {
  return Bun.hash(urls.map((url) => `${url}\u0000${digestOf(url)}`).join("\n")).toString(36);
}

/**
 * `page`'s marks for `rule`'s cut (`rule.bit`: it ends a chunk that holds its minimum; `rule.backupBit`: it may end
 * one that has no marked page up to its maximum): its address's hash says so, the low bits and the high ones.
 */
function marks(page: Page, rule: Rule): number {
  if ((page.known & rule.bit) === 0) {
    page.known |= rule.bit;
    const hash = BigInt(Bun.hash(`${rule.salt}\u0000${page.url}`));
    if (hash % rule.every === 0n) page.marks |= rule.bit;
    if ((hash >> 32n) % rule.backupEvery === 0n) page.marks |= rule.backupBit;
  }
  return page.marks;
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
  // The chunk being cut; how many pages from its first one the cut has looked at; whether a (backup) mark was
  // seen with no cut after it yet (with `together`, a cut waits for a person's last page); the last backup cut.
  let current: Page[] = [];
  let seen = 0;
  let mark = false;
  let backupMark = false;
  let backup: { length: number; k: number; i: number } | null = null;
  const personEnds = (k: number, i: number, page: Page) => {
    if (!rule.together) return true;
    seen = Math.max(seen, current.length + 1);
    return next(k, i)?.key !== page.key;
  };
  for (let k = start, i = 0; k < count; i++) {
    const pages = pagesOf(k);
    if (i >= pages.length) {
      k++;
      i = -1;
      continue;
    }
    const page = pages[i]!;
    current.push(page);
    seen = Math.max(seen, current.length);
    if (current.length >= rule.min) {
      const bits = marks(page, rule);
      if ((bits & rule.bit) !== 0) mark = true;
      if ((bits & rule.backupBit) !== 0) backupMark = true;
    }
    let cut: { length: number; k: number; i: number } | null = null;
    if (mark && personEnds(k, i, page)) cut = { length: current.length, k, i };
    else {
      if (backupMark && personEnds(k, i, page)) {
        backup = { length: current.length, k, i };
        backupMark = false;
      }
      if (current.length >= rule.max) cut = backup ?? { length: current.length, k, i };
    }
    if (cut) {
      // The pages after a backup cut start the next chunk: the cut goes on from the page after it.
      made.push({ pages: current.slice(0, cut.length), ahead: seen - cut.length });
      current = [];
      seen = 0;
      mark = backupMark = false;
      backup = null;
      ({ k, i } = cut);
      if (k >= at && i === pagesOf(k).length - 1) return [...chunks.slice(0, start), ...made, ...chunks.slice(k + 1)];
    }
  }
  if (current.length > 0) made.push({ pages: current, ahead: 0 });
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
  // The cut starts again from the first chunk whose end was decided by looking at pages up to this one (`ahead`:
  // `between` pages lie between that chunk's last page and this one); a chunk looks `max` pages ahead at most.
  let start = lo;
  for (let k = lo - 1, between = i; k >= 0 && between <= rule.max; between += chunks[k]!.pages.length, k--) {
    if (between < chunks[k]!.ahead) start = k;
  }
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
