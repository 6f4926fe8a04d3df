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
// Every read is noted for the page being rendered (lib/page-reads.ts), also when the answer comes from a memo.
import { answerDigest, keepAnswer, knownDigest, noteRead, registerFetchDigest } from "./page-reads";
import { perBuild } from "./per-build";
import { previewAnswers, previewAt, withPreviewSummary } from "./preview-article";

const ORIGIN = process.env.API_ORIGIN ?? "http://127.0.0.1:4321";

const answers = perBuild(() => new Map<string, Promise<unknown>>());

/** Fetches a path once per build and keeps the digest of the answer for the pages that read it. */
function fetchOnce(path: string): Promise<unknown> {
  const cache = previewAnswers() ?? answers();
  let hit = cache.get(path);
  if (!hit) {
    // Identity: the API is on this machine, and compressing 20 MB of articles costs more than reading them.
    hit = fetch(ORIGIN + path, { headers: { "accept-encoding": "identity" } }).then(async (res) => {
      if (!res.ok) throw new Error(`GET ${path} -> HTTP ${res.status}`);
      const text = await res.text();
      keepAnswer(path, text);
      return JSON.parse(text);
    });
    cache.set(path, hit);
  }
  return hit;
}

/** GET a public API path, memoized for the duration of one build. Throws on any non-2xx answer. */
export function apiGet<T>(path: string): Promise<T> {
  noteRead(path);
  return fetchOnce(path) as Promise<T>;
}

registerFetchDigest(async (path) => {
  if (path === FULL_ARTICLES) await fullArticles();
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

export const ARTICLES = `/api/public/articles`;
export const FULL_ARTICLES = `/api/public/articles/full`;
/** The change feed (api/modules/articles/changes.ts). */
const CHANGES = `/api/public/articles/changes`;

/** A GET outside the build's memo (the change feed and the bodies read by id), counted with the build's reads. */
async function readFresh<T>(path: string): Promise<{ text: string; value: T }> {
  const res = await fetch(ORIGIN + path, { headers: { "accept-encoding": "identity" } });
  if (!res.ok) throw new Error(`GET ${path} -> HTTP ${res.status}`);
  const text = await res.text();
  keepAnswer(path, text);
  return { text, value: JSON.parse(text) as T };
}

/**
 * The public articles with bodies, kept by the build process from one build to the next (issue 31 §1): the first
 * build reads them all (20 MB at 5,000 articles); each later one asks the change feed which articles changed since
 * the sequence number it last read and reads only those (`?ids=`), so a one-article change reads one article. The
 * objects of unchanged articles stay the same objects, so the pages' props digests are found in their memo
 * (scripts/partial-build.ts). Props are read-only; nothing here is ever modified in place.
 */
type ArticleStore = { seq: number; byId: Map<string, Article>; digests: Map<string, string> };
let articleStore: ArticleStore | null = null;

const articleDigest = (a: Article) => Bun.hash(JSON.stringify(a)).toString(36);

async function refreshArticles(): Promise<Map<string, Article>> {
  const store = articleStore;
  // Read before the bodies: what they show is at least as new as `latest`, so nothing written after is skipped.
  const feed = (await readFresh<{ latest: number; articles: string[] | null }>(store ? `${CHANGES}?since=${store.seq}` : CHANGES)).value;
  if (!store || feed.articles === null) {
    const list = (await readFresh<Article[]>(FULL_ARTICLES)).value;
    console.log(`articles: all ${list.length} read`);
    articleStore = { seq: feed.latest, byId: new Map(list.map((a) => [a._id, a])), digests: new Map(list.map((a) => [a._id, articleDigest(a)])) };
  } else {
    if (feed.articles.length > 0) {
      const list = (await readFresh<Article[]>(`${FULL_ARTICLES}?ids=${feed.articles.join(",")}`)).value;
      // An article no longer public is not in the answer: it leaves the store.
      for (const id of feed.articles) {
        store.byId.delete(id);
        store.digests.delete(id);
      }
      for (const a of list) {
        store.byId.set(a._id, a);
        store.digests.set(a._id, articleDigest(a));
      }
    }
    console.log(`articles: ${feed.articles.length} read by id (change feed ${store.seq} -> ${feed.latest})`);
    store.seq = feed.latest;
  }
  const { byId, digests } = articleStore!;
  // The digest the pages that read every article record: the same for the same articles however they were read
  // (a full build's and a partial one's records are compared by scripts/partial-build.test.ts).
  const ids = [...digests.keys()].sort();
  answerDigest(FULL_ARTICLES, Bun.hash(ids.map((id) => `${id}:${digests.get(id)}`).join("\n")).toString(36));
  return new Map([...byId.values()].map((a) => [a.url, a]));
}

/** Every public article with bodies, read once per build (from the change feed) and indexed by url. */
const fullArticles = derivedPerBuild([FULL_ARTICLES], () =>
  // An « Aperçu » render reads through its own memo (lib/preview-article.ts), never the build's store.
  previewAnswers() ? apiGet<Article[]>(FULL_ARTICLES).then((list) => new Map(list.map((a) => [a.url, a]))) : refreshArticles(),
);

/** Members by lower-cased nickname, and what each signed or uploaded: built once per build for every author page. */
const authorIndex = derivedPerBuild([`/api/public/members`, ARTICLES, `/api/public/media`], async () => {
  const [members, articles, media] = await Promise.all([api.allMembers(), api.articles(), api.media()]);
  const byNickname = new Map<string, PublicMember>();
  for (const m of members) if (!byNickname.has(m.nickname.toLowerCase())) byNickname.set(m.nickname.toLowerCase(), m);
  const articlesBy = new Map<string, ArticleSummary[]>();
  for (const a of articles) {
    for (const id of new Set(a.authors.map((p) => p._id))) {
      const list = articlesBy.get(id);
      if (list) list.push(a);
      else articlesBy.set(id, [a]);
    }
  }
  const mediaBy = new Map<string, Media[]>();
  for (const m of media) {
    if (!m.uploadedBy) continue;
    const list = mediaBy.get(m.uploadedBy._id);
    if (list) list.push(m);
    else mediaBy.set(m.uploadedBy._id, [m]);
  }
  return { byNickname, articlesBy, mediaBy };
});

/**
 * An author page's data, assembled from lists the build fetches anyway (members, article summaries, media)
 * instead of one request per author.
 */
async function authorFromLists(nickname: string): Promise<AuthorProfile> {
  const { byNickname, articlesBy, mediaBy } = await authorIndex();
  const member = byNickname.get(nickname.toLowerCase());
  if (!member) throw new Error(`GET author ${nickname} -> not found`);
  return { member, articles: articlesBy.get(member._id) ?? [], media: mediaBy.get(member._id) ?? [] };
}

export const api = {
  members: (circle: "cercle-impulsion" | "cercle-axiologique") => apiGet<PublicMember[]>(`/api/public/${circle}`),
  allMembers: () => apiGet<PublicMember[]>(`/api/public/members`),
  author: (nickname: string) => authorFromLists(nickname),
  media: () => apiGet<Media[]>(`/api/public/media`),
  // An « Aperçu » render (lib/preview-article.ts) sees the previewed text; a build never has one.
  articles: () => apiGet<ArticleSummary[]>(ARTICLES).then(withPreviewSummary),
  /** One article with bodies and media (from the build's single bulk request). */
  article: async (url: string) => {
    const found = previewAt(url) ?? (await fullArticles()).get(url);
    if (!found) throw new Error(`GET article ${url} -> not found`);
    return found;
  },
  themes: () => apiGet<Theme[]>(`/api/public/themes`),
  themesWithCount: () => apiGet<ThemeWithCount[]>(`/api/public/themes-with-count`),
  events: () => apiGet<Event[]>(`/api/public/events`),
  /** Newsletter issues that went out, newest first (the archive, /lettre/archives). */
  newsletterIssues: () => apiGet<ArchivedIssue[]>(`/api/public/newsletter/issues`),
  /** Renamed members' old profile addresses and where they lead now. */
  oldAddresses: () => apiGet<OldAddress[]>(`/api/public/old-addresses`),
};
