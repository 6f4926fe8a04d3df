/**
 * Which API requests a worker answers itself (issue 34): reads only, named one by one. Everything else (every
 * write, sign-in, « Aperçu », the build's status, exports, anything that may write while reading) is passed to the
 * primary as before. A route is answered here only when it reads the database and nothing else that lives in the
 * primary (the builder, the preview process, the mail worker); the worker's database handle is query-only, so a
 * route that writes after all fails loudly instead of becoming a second writer (api/lib/worker-api.ts).
 */

/** GET routes (and HEAD of the same) answered by the workers, as the app's route table names them. */
export const WORKER_READ_ROUTES: ReadonlySet<string> = new Set([
  // Public reads (the public answer cache sits in front of them, one per process).
  "/api/public/article/:url",
  "/api/public/articles",
  "/api/public/articles/full",
  "/api/public/author/:nickname",
  "/api/public/cercle-axiologique",
  "/api/public/cercle-impulsion",
  "/api/public/event/:url",
  "/api/public/events",
  "/api/public/media",
  "/api/public/media/:url",
  "/api/public/member/:fullname",
  "/api/public/members",
  "/api/public/newsletter/issues",
  "/api/public/newsletter/issues/:number",
  "/api/public/old-addresses",
  "/api/public/themes",
  "/api/public/themes-with-count",
  // A member's lists and items.
  "/api/user/articles",
  "/api/user/articles/:id",
  "/api/user/articles/:id/revisions",
  "/api/user/articles/:id/revisions/:revision",
  "/api/user/articles/rules",
  "/api/user/media",
  "/api/user/media/:id",
  "/api/user/me",
  "/api/user/registrations",
  "/api/user/themes",
  "/api/user/trash",
  // The back office's lists and items.
  "/api/admin/articles",
  "/api/admin/articles/:id",
  "/api/admin/articles/:id/revisions",
  "/api/admin/articles/:id/revisions/:revision",
  "/api/admin/audit",
  "/api/admin/contact",
  "/api/admin/events",
  "/api/admin/events/:id/registrations",
  "/api/admin/mail",
  "/api/admin/mail/:id",
  "/api/admin/media",
  "/api/admin/media/:id",
  "/api/admin/newsletter/issues",
  "/api/admin/newsletter/issues/:id",
  "/api/admin/newsletter/subscribers",
  "/api/admin/themes",
  "/api/admin/trash",
  "/api/admin/users",
  "/api/users",
]);

type Kind = 2 | 1 | 0; // static segment, parameter, wildcard
type Pattern = { path: string; parts: string[]; kinds: Kind[] };

function compile(path: string): Pattern {
  const parts = path.split("/");
  return { path, parts, kinds: parts.map((p) => (p === "*" ? 0 : p.startsWith(":") ? 1 : 2)) };
}

function matches(p: Pattern, segs: string[]): boolean {
  for (let i = 0; i < p.parts.length; i++) {
    if (p.kinds[i] === 0) return true;
    if (i >= segs.length) return false;
    if (p.kinds[i] === 2 ? p.parts[i] !== segs[i] : segs[i] === "") return false;
  }
  return p.parts.length === segs.length;
}

/** The route the router picks among several: at the first segment where they differ, static beats parameter beats wildcard. */
function better(a: Pattern, b: Pattern): Pattern {
  for (let i = 0; i < Math.max(a.kinds.length, b.kinds.length); i++) {
    const ka = a.kinds[i] ?? -1;
    const kb = b.kinds[i] ?? -1;
    if (ka !== kb) return ka > kb ? a : b;
  }
  return a;
}

function pick(patterns: Pattern[], segs: string[]): string | null {
  let best: Pattern | null = null;
  for (const p of patterns) if (matches(p, segs)) best = best ? better(best, p) : p;
  return best?.path ?? null;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A test of `(method, pathname)`: true when the request is a read a worker answers. The route is found among all
 * the app's GET routes the way the router does (a static segment wins over a parameter), so `/api/admin/newsletter/
 * issues/proposal` is the proposal route, not `issues/:id`; a path whose route would differ once its segments are
 * percent-decoded is left to the primary rather than guessed.
 */
export function workerReadMatcher(routes: readonly { method: string; path: string }[], allowed: ReadonlySet<string> = WORKER_READ_ROUTES) {
  const patterns = routes.filter((r) => r.method === "GET" && typeof r.path === "string").map((r) => compile(r.path));
  return (method: string, pathname: string): boolean => {
    if (method !== "GET" && method !== "HEAD") return false;
    const segs = pathname.split("/");
    const route = pick(patterns, segs);
    if (route === null || !allowed.has(route)) return false;
    // Only an escape can change a segment once decoded: most paths have none, and skip the second walk.
    return !pathname.includes("%") || pick(patterns, segs.map(decoded)) === route;
  };
}
