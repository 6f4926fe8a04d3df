/**
 * Searches per account on the member and admin lists (issue 18 §3): any GET of /api/user/*, /api/admin/* or
 * /api/users* with a non-empty `q` or `search` parameter counts, whichever module serves it and however its list
 * is queried, so a list rewritten or added later is limited too. Measured before: one member searching over 32
 * connections raised everyone's /api/health to 0.56–0.59 s.
 *
 * Keyed by the matched route (`route`, what the router ran), not by a path read again from the URL, and by the
 * account (not the address): members share offices and proxies, and one account's flood must not lock out others.
 */
import { Elysia } from "elysia";
import type { Deps } from "../deps";
import { accountLimitsOf } from "../lib/account-limits";
import { TooManyRequestsError } from "../lib/errors";
import { audienceOf } from "./access-gate";
import { viewerOf } from "./auth";

export const SEARCH_LIMIT_MESSAGE = "Trop de recherches, réessayez dans quelques secondes.";

const SEARCH_PARAMS = ["q", "search"] as const;

/** True when a list request carries a search (an empty `q` lists everything and costs no search). */
function searches(query: Record<string, unknown> | undefined): boolean {
  return SEARCH_PARAMS.some((name) => {
    const value = query?.[name];
    return (Array.isArray(value) ? value : [value]).some((v) => typeof v === "string" && v.trim() !== "");
  });
}

export const searchLimit = (deps: Deps) =>
  new Elysia({ name: "search-limit" }).onBeforeHandle({ as: "global" }, async ({ request, route, query }) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    if (audienceOf(route) === "public" || !searches(query as Record<string, unknown>)) return;
    // The access gate has already refused anonymous callers; the session lookup is shared (viewerOf).
    const viewer = await viewerOf(deps, request);
    if (!viewer) return;
    const wait = await accountLimitsOf(deps).search.take(`search:${viewer.user.id}`);
    if (wait > 0) throw new TooManyRequestsError(SEARCH_LIMIT_MESSAGE, wait);
  });
