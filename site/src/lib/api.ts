/**
 * The site's one door to the API at build time. Pages are prerendered by fetching the public API of the running
 * server (API_ORIGIN), so the site depends on the API contract only, never on the database.
 */
import type {
  Article,
  ArticleSummary,
  AuthorProfile,
  Event,
  Media,
  PublicMember,
  Theme,
  ThemeWithCount,
} from "../../../api/contract";
import { perBuild } from "./per-build";

const ORIGIN = process.env.API_ORIGIN ?? "http://127.0.0.1:4321";

const answers = perBuild(() => new Map<string, Promise<unknown>>());

/** GET a public API path, memoized for the duration of one build. Throws on any non-2xx answer. */
export function apiGet<T>(path: string): Promise<T> {
  const cache = answers();
  let hit = cache.get(path);
  if (!hit) {
    hit = fetch(ORIGIN + path).then(async (res) => {
      if (!res.ok) throw new Error(`GET ${path} -> HTTP ${res.status}`);
      return res.json();
    });
    cache.set(path, hit);
  }
  return hit as Promise<T>;
}

const enc = encodeURIComponent;

/** Every public article with bodies, fetched once per build and indexed by url. */
const fullArticles = perBuild(() =>
  apiGet<Article[]>(`/api/public/articles/full`).then((list) => new Map(list.map((a) => [a.url, a]))),
);

/**
 * An author page's data, assembled from lists the build fetches anyway (members, article summaries, media)
 * instead of one request per author.
 */
async function authorFromLists(nickname: string): Promise<AuthorProfile> {
  const [members, articles, media] = await Promise.all([api.allMembers(), api.articles(), api.media()]);
  const member = members.find((m) => m.nickname.toLowerCase() === nickname.toLowerCase());
  if (!member) throw new Error(`GET author ${nickname} -> not found`);
  return {
    member,
    articles: articles.filter((a) => a.authors.some((p) => p._id === member._id)),
    media: media.filter((m) => m.uploadedBy?._id === member._id),
  };
}

export const api = {
  members: (circle: "cercle-impulsion" | "cercle-axiologique") => apiGet<PublicMember[]>(`/api/public/${circle}`),
  allMembers: () => apiGet<PublicMember[]>(`/api/public/members`),
  author: (nickname: string) => authorFromLists(nickname),
  media: () => apiGet<Media[]>(`/api/public/media`),
  articles: () => apiGet<ArticleSummary[]>(`/api/public/articles`),
  /** One article with bodies and media (from the build's single bulk request). */
  article: async (url: string) => {
    const found = (await fullArticles()).get(url);
    if (!found) throw new Error(`GET article ${url} -> not found`);
    return found;
  },
  themes: () => apiGet<Theme[]>(`/api/public/themes`),
  themesWithCount: () => apiGet<ThemeWithCount[]>(`/api/public/themes-with-count`),
  events: () => apiGet<Event[]>(`/api/public/events`),
};
