import { Elysia } from "elysia";

/** Routes whose answers are about a person (their account, sessions, the back office): never to be stored. */
const PERSONAL = /^\/api\/(user|users|admin|auth)(\/|$)/;

/**
 * `Cache-Control: no-store` on every answer of the personal routes, errors included, so no browser cache, shared
 * proxy or back-button snapshot keeps someone's data after they sign out. Set at the start of the request: a
 * route that knows better may still replace it.
 */
export const privateAnswers = new Elysia({ name: "private-answers" }).onRequest(({ request, set }) => {
  const url = request.url;
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (PERSONAL.test(url.slice(start))) set.headers["cache-control"] = "no-store";
});
