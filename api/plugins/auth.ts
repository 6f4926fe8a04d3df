import { Elysia } from "elysia";
import type { Deps } from "../deps";
import { ForbiddenError, UnauthorizedError } from "../lib/errors";
import { readToken, SESSION_COOKIE, validateSessionToken, type TokenSource, type ValidSession } from "../lib/session";
import { auditOption } from "./audit-option";

// Read by the upload gate too (api/lib/uploads/visibility.ts), so they live with the sessions; exported here as before.
export { readToken, SESSION_COOKIE };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookies travel with cross-site requests, so a write authenticated by the cookie must come from our own pages
 * (the Lucia guide's CSRF rule). A bearer token is never sent automatically, so it needs no such check.
 */
function assertSameOrigin(request: Request, publicUrl: string) {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  if (origin) {
    const allowed = new Set([new URL(publicUrl).origin, new URL(request.url).origin]);
    if (!allowed.has(origin)) throw new ForbiddenError("Requête refusée\u00a0: origine non autorisée.");
    return;
  }
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") {
    throw new ForbiddenError("Requête refusée\u00a0: origine non autorisée.");
  }
}

type Viewer = ValidSession & { via: TokenSource["via"] };

/**
 * One session lookup per request: the access gate (api/plugins/access-gate.ts), the route guard and the audit
 * plugin all ask, and the lookup may slide the session's expiry (a write).
 */
const viewers = new WeakMap<Request, Promise<Viewer | null>>();

/** The signed-in viewer of a request, or null for an anonymous visitor (or a dead token). */
export function viewerOf(deps: Deps, request: Request): Promise<Viewer | null> {
  let viewer = viewers.get(request);
  if (!viewer) {
    viewer = lookUpViewer(deps, request);
    viewers.set(request, viewer);
  }
  return viewer;
}

async function lookUpViewer(deps: Deps, request: Request): Promise<Viewer | null> {
  const source = readToken(request);
  if (!source) return null;
  const valid = await validateSessionToken(deps.db, source.token, new Date(), deps.sessionWrites);
  if (!valid) return null;
  if (source.via === "cookie") assertSameOrigin(request, deps.env.publicUrl);
  return { ...valid, via: source.via };
}

async function requireViewer(deps: Deps, request: Request) {
  const viewer = await viewerOf(deps, request);
  if (!viewer) throw new UnauthorizedError("Veuillez vous connecter.");
  return viewer;
}

/**
 * Route options `{ signedIn: true }` and `{ admin: true }`: the server-side guard for /api/user/* and
 * /api/admin/* (401 without a session, 403 for a member on an admin route). Both put `viewer` in the context.
 */
export const authPlugin = (deps: Deps) =>
  new Elysia()
    // Admin routes all use this plugin: it brings them the audit option too.
    .use(auditOption)
    .macro({
      signedIn: {
        async resolve({ request }) {
          return { viewer: await requireViewer(deps, request) };
        },
      },
      admin: {
        async resolve({ request }) {
          const viewer = await requireViewer(deps, request);
          if (viewer.user.role !== "admin") throw new ForbiddenError("Accès réservé aux administrateurs.");
          return { viewer };
        },
      },
    });
