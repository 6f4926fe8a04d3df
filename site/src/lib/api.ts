/**
 * The site's one door to the API at build time. Pages are prerendered by fetching the public API of the running
 * server (API_ORIGIN), so the site depends on the API contract only, never on the database.
 */
import type {
  ArchivedIssue,
  Article,
  ArticleSummary,
  AuthorProfile,
  Event,
  Media,
  OldAddress,
  PublicMember,
  Theme,
  ThemeWithCount,
} from "../../../api/contract";
import { keptGroups } from "./groups-kept";
import type { StoreChange } from "./store-change";
import { byId, latestFirst, lowerBound, placeInto } from "./list-order";
import { objectDigest } from "./object-digest";
// Every read is noted for the page being rendered (lib/page-reads.ts), also when the answer comes from a memo.
import { answerDigest, keepAnswer, knownDigest, noteRead, outsidePage, registerFetchDigest } from "./page-reads";
import { perBuild } from "./per-build";
import { previewAnswers, previewAt, withPreviewSummary } from "./preview-article";

const ORIGIN = process.env.API_ORIGIN ?? "http://127.0.0.1:4321";
const TRACE_READS = Boolean(process.env.BUILD_PROFILE);

const answers = perBuild(() => new Map<string, Promise<unknown>>());

/** Fetches a path once per build and keeps the digest of the answer for the pages that read it. */
function fetchOnce(path: string): Promise<unknown> {
  const cache = previewAnswers() ?? answers();
  let hit = cache.get(path);
  if (!hit) {
    hit = readFresh(path);
    cache.set(path, hit);
  }
  return hit;
}

/** A GET outside any memo, counted with the build's reads (lib/page-reads.ts) and its answer's digest kept. */
async function readFresh<T>(path: string): Promise<T> {
  const began = performance.now();
  // Identity: the API is on this machine, and compressing 20 MB of articles costs more than reading them.
  const res = await fetch(ORIGIN + path, { headers: { "accept-encoding": "identity" } });
  if (!res.ok) throw new Error(`GET ${path} -> HTTP ${res.status}`);
  const text = await res.text();
  // BUILD_PROFILE (benchmarks): what each answer cost the build, waiting included.
  if (TRACE_READS) console.log(`api read ${path.slice(0, 80)}: ${Math.round(performance.now() - began)} ms, ${text.length} bytes`);
  keepAnswer(path, text);
  return JSON.parse(text) as T;
}

/** GET a public API path, memoized for the duration of one build. Throws on any non-2xx answer. */
export function apiGet<T>(path: string): Promise<T> {
  noteRead(path);
  return fetchOnce(path) as Promise<T>;
}

registerFetchDigest(async (path) => {
  const derived = derivedDigests.get(path);
  if (derived) return derived();
  if (path === FULL_ARTICLES) await fullArticles();
  else if (path === ARTICLES) await articleSummaries();
  else if (path === MEDIA) await publicMedia();
  else if (path === EVENTS) await publicEvents();
  else await fetchOnce(path);
  return knownDigest(path) ?? "?";
});

const enc = encodeURIComponent;

/**
 * A value computed once per build from the answers at `paths`. Every call notes those reads, also the calls served
 * from the memo: each page must list what it was made from.
 */
export function derivedPerBuild<T>(paths: readonly string[], make: () => T): () => T {
  const once = perBuild(make);
  return () => {
    for (const path of paths) noteRead(path);
    return once();
  };
}

/** The digest of each derived answer by its key (see `derivedAnswer`). */
const derivedDigests = new Map<string, () => Promise<string>>();

/**
 * A value a page makes from a small part of the build's answers (the four latest articles of 50,000), recorded by
 * the pages that read it under its own key (`derived:…`) with the digest of the value, instead of the answers it is
 * made from: the page renders again when the value changes, not at every change of those answers (issue 31: the
 * home page and the sitemap's index were rendered at every change and came out the same). The value is made
 * outside the page's reads, once per build.
 */
export function derivedAnswer<T>(key: string, make: () => Promise<T>): () => Promise<T> {
  const once = perBuild(() =>
    outsidePage(make).then((value) => {
      answerDigest(key, objectDigest(value));
      return value;
    }),
  );
  derivedDigests.set(key, async () => (await once(), knownDigest(key) ?? "?"));
  return () => {
    noteRead(key);
    return once();
  };
}

export const ARTICLES = `/api/public/articles`;
export const FULL_ARTICLES = `/api/public/articles/full`;
export const MEDIA = `/api/public/media`;
export const EVENTS = `/api/public/events`;
/** The change feed (api/modules/articles/changes.ts). */
const CHANGES = `/api/public/articles/changes`;

/** What the change feed answers (api/modules/articles/changes.ts): per list, the ids to read again, or null for all. */
type Feed = { latest: number; articles: string[] | null; media: string[] | null; events: string[] | null };

/**
 * Public lists kept by the build process from one build to the next (issue 31 §1): the article bodies
 * (`/api/public/articles/full`, 20 MB at 5,000 articles), the article summaries (`/api/public/articles`, 4 MB), the
 * media (1.4 MB) and the events (1 MB). The first build reads a whole answer; each later one takes the items the
 * change feed named for that list (the feed is read once per build for every store: `feedOfBuild`) and reads only
 * those (placed in the list by the store itself), so a one-article change reads one article. The
 * objects of unchanged items stay the same objects, so their digests (lib/object-digest.ts) are computed once and
 * the pages' props digests are found in the memo. Props are read-only: nothing here is ever modified in place.
 */
class FeedStore<T extends { _id: string }> {
  /** The feed's sequence number the store is current with; null until its first whole read. */
  seq: number | null = null;
  /** Every item, in the list's order (`compare`). */
  private items: T[] = [];
  /** The ids the last refresh read again (the feed may name more than changed), or null after a whole read. */
  named: string[] | null = null;
  /** Counts the refreshes: what a kept structure was made from (lib/article-lists-kept.ts). */
  version = 0;
  /** What the last refresh changed: the objects that left and those that came (null after a whole read). */
  delta: { removed: T[]; added: T[] } | null = null;
  /** Every item by id, and each one's part of the answer's digest (see `digest`). */
  private byId = new Map<string, T>();
  private hashes = new Map<string, bigint>();
  /** The items by `key` (the bodies by url), kept up to date with the items. */
  readonly byKey = new Map<string, T>();
  /**
   * The answer's digest: the sum (mod 2^64) of every item's hash of its id and content. The list's order is a
   * function of its items (`compare` is total), so a sum is enough, and a change costs its items instead of a
   * pass over 50,000 (issue 31).
   */
  private sum = 0n;

  constructor(
    private readonly path: string,
    /** Which of the feed's lists names this store's items. */
    private readonly kind: "articles" | "media" | "events",
    /** The address that gives the public items among `?ids=` (the same objects as the whole list). */
    private readonly byIdsPath: string,
    /**
     * The list's order, as the API's query orders it (a date, then the id): the store places the items it reads by
     * id itself instead of asking for every id's place, which would grow with the site.
     */
    private readonly compare: (a: T, b: T) => number,
    /** The key of `byKey`, if the build looks items up by one. */
    private readonly keyOf?: (item: T) => string,
  ) {}

  private add(item: T): void {
    const hash = Bun.hash(`${item._id}:${objectDigest(item)}`) as bigint;
    this.byId.set(item._id, item);
    this.hashes.set(item._id, hash);
    this.sum = BigInt.asUintN(64, this.sum + hash);
    if (this.keyOf) this.byKey.set(this.keyOf(item), item);
  }

  private drop(item: T): void {
    this.byId.delete(item._id);
    this.sum = BigInt.asUintN(64, this.sum - this.hashes.get(item._id)!);
    this.hashes.delete(item._id);
    if (this.keyOf && this.byKey.get(this.keyOf(item)) === item) this.byKey.delete(this.keyOf(item));
  }

  /**
   * Every item, in the list's order, after reading what `feed` names; sets the answer's digest for the pages. The
   * feed may name more than changed since `seq` (it is read from the oldest store's number): reading an item again
   * only gives the same content.
   */
  async refresh(feed: Feed): Promise<T[]> {
    const named = feed[this.kind];
    if (this.seq === null || named === null) {
      const list = await readFresh<T[]>(this.path);
      console.log(`${this.path}: all ${list.length} read`);
      this.items = list.sort(this.compare);
      this.byId.clear();
      this.hashes.clear();
      this.byKey.clear();
      this.sum = 0n;
      for (const item of this.items) this.add(item);
      this.delta = null;
    } else {
      const removed: T[] = [];
      const added: T[] = [];
      if (named.length > 0) {
        const read = await readFresh<T[]>(`${this.byIdsPath}?ids=${named.join(",")}`);
        // An item no longer public is not in the answer: it leaves the store. Each item is found by binary search
        // (the order is total): a change costs its items, not a pass over the list.
        const items = this.items.slice();
        for (const id of new Set(named)) {
          const old = this.byId.get(id);
          if (!old) continue;
          const at = lowerBound(items, old, this.compare);
          items.splice(items[at] === old ? at : items.indexOf(old), 1);
          this.drop(old);
          removed.push(old);
        }
        for (const item of read) {
          placeInto(items, item, this.compare);
          this.add(item);
          added.push(item);
        }
        this.items = items;
      }
      this.delta = { removed, added };
      console.log(`${this.path}: ${named.length} read by id (change feed ${this.seq} -> ${feed.latest})`);
    }
    this.named = this.seq === null ? null : named;
    this.seq = feed.latest;
    this.version++;
    // The digest the pages that read this answer record: the same for the same items however they were read (a
    // full build's and a partial one's records are compared by scripts/partial-build.test.ts).
    answerDigest(this.path, this.sum.toString(36));
    return this.items;
  }
}

// The bodies are looked up by url: their order is the ids'.
const bodies = new FeedStore<Article>(FULL_ARTICLES, "articles", FULL_ARTICLES, byId, (a) => a.url);
/** The order of the article summaries (the API's, and the build's list). */
export const summaryOrder = latestFirst((a: ArticleSummary) => a.createdAt);
const summaries = new FeedStore<ArticleSummary>(ARTICLES, "articles", `${ARTICLES}/summaries`, summaryOrder);
/** The order of the public media (the API's, and the build's list). */
export const mediaOrder = latestFirst((m: Media) => m.createdAt);
const mediaStore = new FeedStore<Media>(MEDIA, "media", "/api/public/media-by-ids", mediaOrder);
const eventStore = new FeedStore<Event>(EVENTS, "events", "/api/public/events-by-ids", latestFirst((e) => e.startDate));
const stores = [bodies, summaries, mediaStore, eventStore];

/**
 * The change feed, read once per build for every store, from the oldest number any holds (a store not read by
 * the last build, e.g. the bodies while no article page existed, must not miss a change); without any, only the
 * newest number (the stores read everything anyway). Read before the items: what they show is at least as new
 * as `latest`, so nothing written after is skipped.
 */
const feedOfBuild = perBuild(() => {
  const held = stores.map((store) => store.seq).filter((seq): seq is number => seq !== null);
  return readFresh<Feed>(held.length ? `${CHANGES}?since=${Math.min(...held)}` : CHANGES);
});

/** What a store's last refresh changed (see FeedStore `version` and `delta`), or null outside a build's store. */
const changeOf = <T extends { _id: string }>(store: FeedStore<T>): StoreChange<T> => ({ version: store.version, delta: store.delta });

/** Every public article with bodies, read once per build (from the change feed) and indexed by url. */
const fullArticles = derivedPerBuild([FULL_ARTICLES], () =>
  // An « Aperçu » render reads through its own memo (lib/preview-article.ts), never the build's store.
  // The store keeps its index by url up to date (a new Map of 50,000 per build cost a pass over them).
  previewAnswers()
    ? apiGet<Article[]>(FULL_ARTICLES).then((list) => new Map(list.map((a) => [a.url, a])))
    : feedOfBuild().then(async (feed): Promise<ReadonlyMap<string, Article>> => (await bodies.refresh(feed), bodies.byKey)),
);

/** The public summaries, newest first, read once per build (from the change feed). */
const articleSummaries = derivedPerBuild([ARTICLES], () =>
  previewAnswers() ? apiGet<ArticleSummary[]>(ARTICLES) : feedOfBuild().then((feed) => summaries.refresh(feed)),
);

/** The public media, newest first, read once per build (from the change feed). */
const publicMedia = derivedPerBuild([MEDIA], () => (previewAnswers() ? apiGet<Media[]>(MEDIA) : feedOfBuild().then((feed) => mediaStore.refresh(feed))));

/** The public events, latest start first, read once per build (from the change feed). */
const publicEvents = derivedPerBuild([EVENTS], () => (previewAnswers() ? apiGet<Event[]>(EVENTS) : feedOfBuild().then((feed) => eventStore.refresh(feed))));

/**
 * Every member's author page data: the member, what they signed and what they uploaded, made once per build from
 * lists the build reads anyway (no request per author); the groups kept from the last build and changed by the
 * change's items only (lib/groups-kept.ts). The groups are never modified once handed out (a new build copies the
 * groups it changes).
 */
const authorProfiles = derivedPerBuild([`/api/public/members`, ARTICLES, MEDIA], async (): Promise<AuthorProfile[]> => {
  const [members, articles, media, articlesChange, mediaChange] = await Promise.all([
    api.allMembers(),
    api.articles(),
    api.media(),
    api.articlesChange(),
    api.mediaChange(),
  ]);
  const articlesBy = keptGroups("articles by author", () => articles, articlesChange, (a) => a.authors.map((p) => p._id), summaryOrder);
  const mediaBy = keptGroups("media by uploader", () => media, mediaChange, (m) => (m.uploadedBy ? [m.uploadedBy._id] : []), mediaOrder);
  return members.map((member) => ({ member, articles: (articlesBy.get(member._id) ?? []) as ArticleSummary[], media: (mediaBy.get(member._id) ?? []) as Media[] }));
});

export const api = {
  members: (circle: "cercle-impulsion" | "cercle-axiologique") => apiGet<PublicMember[]>(`/api/public/${circle}`),
  allMembers: () => apiGet<PublicMember[]>(`/api/public/members`),
  /** Every member's author page data (an author, organizer or uploader is a member). */
  authorProfiles: () => authorProfiles(),
  media: () => publicMedia(),
  // An « Aperçu » render (lib/preview-article.ts) sees the previewed text; a build never has one.
  articles: () => articleSummaries().then(withPreviewSummary),
  /** One article with bodies and media (from the build's single bulk request). */
  article: async (url: string) => {
    const found = previewAt(url) ?? (await fullArticles()).get(url);
    if (!found) throw new Error(`GET article ${url} -> not found`);
    return found;
  },
  themes: () => apiGet<Theme[]>(`/api/public/themes`),
  themesWithCount: () => apiGet<ThemeWithCount[]>(`/api/public/themes-with-count`),
  events: () => publicEvents(),
  /**
   * The ids of the articles this build's change feed named (they may have changed since the last build), or null
   * when the build read the articles whole: then anything may have changed (lib/article-scope.ts).
   */
  changedArticles: async (): Promise<string[] | null> => {
    if (previewAnswers()) return null;
    await Promise.all([fullArticles(), articleSummaries()]);
    return bodies.named && summaries.named ? [...new Set([...bodies.named, ...summaries.named])] : null;
  },
  /**
   * What the summaries' last refresh changed, for structures kept from one build to the next (lib/article-lists-kept.ts):
   * `version` counts the refreshes, `delta` is null after a whole read; null in an « Aperçu » render.
   */
  articlesChange: async (): Promise<StoreChange<ArticleSummary>> => (previewAnswers() ? null : (await articleSummaries(), changeOf(summaries))),
  /** `articlesChange` for the media and the events. */
  mediaChange: async (): Promise<StoreChange<Media>> => (previewAnswers() ? null : (await publicMedia(), changeOf(mediaStore))),
  eventsChange: async (): Promise<StoreChange<Event>> => (previewAnswers() ? null : (await publicEvents(), changeOf(eventStore))),
  /**
   * The `count` latest public articles, newest first (the list's order: `createdAt`, then id), as a derived answer:
   * a page showing them renders again only when they change. In « Aperçu », the previewed list as it is.
   */
  latestArticles: (count: number) => (previewAnswers() ? api.articles().then((list) => list.slice(0, count)) : latestOf(count)()),
  /** Newsletter issues that went out, newest first (the archive, /lettre/archives). */
  newsletterIssues: () => apiGet<ArchivedIssue[]>(`/api/public/newsletter/issues`),
  /** Renamed members' old profile addresses and where they lead now. */
  oldAddresses: () => apiGet<OldAddress[]>(`/api/public/old-addresses`),
};

const latestByCount = new Map<number, () => Promise<ArticleSummary[]>>();
function latestOf(count: number): () => Promise<ArticleSummary[]> {
  let made = latestByCount.get(count);
  if (!made) latestByCount.set(count, (made = derivedAnswer(`derived:latest-articles:${count}`, () => api.articles().then((list) => list.slice(0, count)))));
  return made;
}
