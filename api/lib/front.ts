/**
 * What every listening process does with a request before the API: uploads, the browser apps' bundle (/_apps/*),
 * the /user and /admin redirects, the static site (or the holding page before the first build), the French 404.
 * `/api/*` goes to `api`, which is the Elysia app in the primary process and a pass-through to the primary in
 * static workers.
 */
import { BAD_HOST_MESSAGE, pathOf } from "./request-path";
import { SECURITY_HEADERS, withSecurityHeaders } from "./security-headers";
import type { CachePolicy, StaticSite } from "./static-site";
import { serveUpload, type UploadGate } from "./uploads-serve";

/** Spec route rules: /user and /admin open their dashboards (the guard then checks the session). */
const REDIRECTS: Record<string, string> = { "/user": "/user/dashboard", "/admin": "/admin/dashboard" };

const BUILDING_PAGE = `<!doctype html><html lang="fr"><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>Construction du site…</title><p style="font-family:serif;margin:4rem auto;max-width:30rem">Le site est en cours de construction. Cette page se rechargera d'elle-même.</p></html>`;

/** What the build reads of the public API: at 50,000 articles on a busy machine, the full articles take over 10 s. */
const PUBLIC_READ_SECONDS = 120;
/** « Aperçu » waits for the preview process's start when it is not running yet (api/lib/preview-renderer.ts: 60 s). */
const PREVIEW_SECONDS = 75;
const PREVIEW_PATH = /\/api\/(user|admin)\/articles\/[^/?]+\/preview(\?|$)/;

/**
 * Requests that may outlast Bun's idle timeout (10 s), whose connection would be closed under the client:
 * `POST /api/hooks/rebuild?wait=1` answers when the build ends, and the public lists the build reads (computed once,
 * then cached) take long on a large site; « Aperçu » may wait for its renderer's start (cut at 10 s, the new tab
 * showed a reset connection). Called by each listener before handling a request.
 */
export function allowLongRequests(request: Request, server: { timeout(request: Request, seconds: number): void }) {
  if (request.method === "POST" && request.url.includes("/api/hooks/rebuild")) server.timeout(request, 0);
  else if (request.method === "GET" && request.url.includes("/api/public/")) server.timeout(request, PUBLIC_READ_SECONDS);
  else if (request.method === "GET" && PREVIEW_PATH.test(request.url)) server.timeout(request, PREVIEW_SECONDS);
}

/**
 * The bundle of the member and admin apps (scripts/build-apps.ts): entries keep their names and revalidate, chunks
 * are content-hashed. It lives apart from the site's builds, so a content rebuild never repeats it.
 */
export const appsPolicy: Partial<CachePolicy> = {
  immutable: (rel) => rel.startsWith("chunk-") || rel.startsWith("asset-"),
  revalidate: "no-cache",
};

/**
 * A page that moved (a renamed member's profile) answers 301 to where it is now, path-only like the redirects
 * above. Cached a day, not for ever: the old address may become someone's page again.
 */
function moved(site: StaticSite, pathname: string): Response | null {
  const to = site.movedTo(pathname);
  return to ? new Response(null, { status: 301, headers: { ...SECURITY_HEADERS, location: to, "cache-control": "public, max-age=86400" } }) : null;
}

export function createFront(opts: {
  site: StaticSite;
  /** Serves `/_apps/<file>` (see appsPolicy). */
  apps: StaticSite;
  uploadsDir: string;
  /** Who may fetch each upload (api/lib/uploads/visibility.ts); without it, nobody. */
  uploadGate?: UploadGate;
  api: (request: Request, pathname: string, clientIp: string | undefined) => Promise<Response>;
  /**
   * Told of every answer outside /api/ (readership counting, api/modules/audience/counter.ts). Called after the
   * answer is made, never awaited: it must stay cheap and must not throw.
   */
  onAnswered?: (request: Request, pathname: string, status: number, clientIp: string | undefined) => void;
}) {
  const { site, apps, uploadsDir, api, onAnswered } = opts;
  const uploadGate: UploadGate = opts.uploadGate ?? (() => null);
  // Not async: a static page is answered without allocating a promise (Bun then sends it at once).
  return function handle(request: Request, clientIp: string | undefined): Response | Promise<Response> {
    const pathname = pathOf(request.url);
    // An empty or malformed Host: Bun then gives a bare path as the URL, which nothing downstream can read
    // reliably (RFC 9112 section 3.2 asks for a 400).
    if (pathname === null) {
      return new Response(BAD_HOST_MESSAGE, { status: 400, headers: { ...SECURITY_HEADERS, "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
    }
    if (pathname.startsWith("/api/")) return api(request, pathname, clientIp).then(withSecurityHeaders);
    const res = route(request, pathname);
    if (!onAnswered || request.method !== "GET") return res;
    if (res instanceof Promise) {
      return res.then((r) => {
        onAnswered(request, pathname, r.status, clientIp);
        return r;
      });
    }
    onAnswered(request, pathname, res.status, clientIp);
    return res;
  };

  function route(request: Request, pathname: string): Response | Promise<Response> {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("Méthode non autorisée", { status: 405, headers: { ...SECURITY_HEADERS, allow: "GET, HEAD" } });
    }
    if (pathname.startsWith("/uploads/")) {
      const res = serveUpload(request, uploadsDir, pathname, uploadGate);
      return res instanceof Promise ? res.then((r) => r ?? site.notFound(request)) : (res ?? site.notFound(request));
    }
    if (pathname.startsWith("/_apps/")) return apps.serve(request, pathname.slice(6)) ?? site.notFound(request);
    const redirect = REDIRECTS[pathname] ?? (pathname.endsWith("/") ? REDIRECTS[pathname.replace(/\/+$/, "")] : undefined);
    // A path-only Location: the request's Host header (which anyone can set) never picks the destination.
    if (redirect) return new Response(null, { status: 302, headers: { ...SECURITY_HEADERS, location: redirect } });
    if (!site.ready) {
      return new Response(BUILDING_PAGE, {
        status: 503,
        headers: { ...SECURITY_HEADERS, "content-type": "text/html; charset=utf-8", "retry-after": "3" },
      });
    }
    return site.serve(request, pathname) ?? moved(site, pathname) ?? site.notFound(request);
  };
}
