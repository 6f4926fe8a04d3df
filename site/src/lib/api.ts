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

const ORIGIN = process.env.API_ORIGIN ?? "http://127.0.0.1:4321";

const cache = new Map<string, Promise<unknown>>();

/** GET a public API path, memoized for the duration of one build. Throws on any non-2xx answer. */
export function apiGet<T>(path: string): Promise<T> {
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

/** Runs `fn` over `items` with at most `limit` in flight (keeps the API busy without flooding it). */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

const enc = encodeURIComponent;

export const api = {
  members: (circle: "cercle-impulsion" | "cercle-axiologique") => apiGet<PublicMember[]>(`/api/public/${circle}`),
  allMembers: () => apiGet<PublicMember[]>(`/api/public/members`),
  member: (fullname: string) => apiGet<PublicMember>(`/api/public/member/${enc(fullname)}`),
  author: (nickname: string) => apiGet<AuthorProfile>(`/api/public/author/${enc(nickname)}`),
  media: () => apiGet<Media[]>(`/api/public/media`),
  oneMedia: (url: string) => apiGet<Media>(`/api/public/media/${enc(url)}`),
  articles: () => apiGet<ArticleSummary[]>(`/api/public/articles`),
  article: (url: string) => apiGet<Article>(`/api/public/article/${enc(url)}`),
  themes: () => apiGet<Theme[]>(`/api/public/themes`),
  themesWithCount: () => apiGet<ThemeWithCount[]>(`/api/public/themes-with-count`),
  events: () => apiGet<Event[]>(`/api/public/events`),
  event: (url: string) => apiGet<Event>(`/api/public/event/${enc(url)}`),
};
