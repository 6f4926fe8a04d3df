import { Elysia } from "elysia";
import { BadRequestError } from "../lib/errors";
import { pathStart } from "../lib/request-path";

export const ADDRESS_REFUSED_MESSAGE = "Requête refusée\u00a0: adresse illisible (nom d'hôte trop court ou mal formé).";

/**
 * The path the router matched, which every plugin reads (one parse, one source). Elysia computes it once per
 * request, puts it in the context as `path`, and routes with that very string.
 */
export function routedPath(ctx: object): string {
  // Elysia's type for the onRequest context leaves `path` out; its runtime sets it (adapter createContext).
  const path = (ctx as { path?: unknown }).path;
  if (typeof path !== "string") throw new Error("Elysia gave no path in the context");
  return path;
}

/**
 * Elysia finds the route from `url.indexOf('/', 11)` (it skips "https://" and a host of at least 3 characters
 * without parsing), so under a shorter host it routes a path that is not the URL's: `http://x/api/api/admin/themes`
 * ran `/api/admin/themes`. The guards read the router's path (routedPath), and this check, the first hook of the
 * app, refuses any request where the router's path and query start differ from the URL's real ones, so no route
 * runs on an address that means two things. It holds for whoever builds the Request (server, worker, test).
 * Answered no-store: like every refusal, it is about this request only.
 */
export const routedPathCheck = new Elysia({ name: "routed-path" }).onRequest((ctx) => {
  const { request, set } = ctx;
  const url = request.url;
  const start = pathStart(url);
  const qi = start < 0 ? -1 : url.indexOf("?", start + 1);
  const real = start < 0 ? null : url.substring(start, qi === -1 ? undefined : qi);
  const routerQi = (ctx as { qi?: unknown }).qi;
  if (real === null || real !== routedPath(ctx) || (typeof routerQi === "number" && routerQi !== qi)) {
    set.headers["cache-control"] = "no-store";
    throw new BadRequestError(ADDRESS_REFUSED_MESSAGE);
  }
});
