import { Elysia } from "elysia";
import { routedPath } from "./routed-path";

/** Routes whose answers are about a person (their account, sessions, the back office): never to be stored. */
const PERSONAL = /^\/api\/(user|users|admin|auth)(\/|$)/;

/**
 * `Cache-Control: no-store` on every answer of the personal routes, errors included, so no browser cache, shared
 * proxy or back-button snapshot keeps someone's data after they sign out. Set at the start of the request: a
 * route that knows better may still replace it.
 */
export const privateAnswers = new Elysia({ name: "private-answers" }).onRequest((ctx) => {
  // The path the router matched, the one whose route will answer (api/plugins/routed-path.ts).
  if (PERSONAL.test(routedPath(ctx))) ctx.set.headers["cache-control"] = "no-store";
});
