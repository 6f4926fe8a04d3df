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
import { keepAnswer, knownDigest, noteRead, registerFetchDigest } from "./page-reads";
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
  await fetchOnce(path);
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
/** Every public article with bodies, fetched once per build and indexed by url. */
const fullArticles = derivedPerBuild([FULL_ARTICLES], () =>
  apiGet<Article[]>(FULL_ARTICLES).then((list) => new Map(list.map((a) => [a.url, a]))),
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
