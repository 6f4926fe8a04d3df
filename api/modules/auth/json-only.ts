import { HttpError } from "../../lib/errors";

const NOT_JSON = Symbol("not JSON");

/**
 * Route options for the sign-in routes: JSON or nothing. An HTML form on another site can post urlencoded,
 * multipart or text/plain bodies to us without the browser asking first (login CSRF: signing a visitor into the
 * attacker's account); only a same-origin script can send `application/json`. Other bodies are not read, and
 * answered 415 (from `transform`, which runs before validation: Elysia would wrap an error thrown by a parser
 * into its generic "bad request").
 */
export const jsonOnly = {
  parse({ request }: { request: Request }): Promise<unknown> | typeof NOT_JSON {
    const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    return type === "application/json" ? request.json() : NOT_JSON;
  },
  transform({ body }: { body: unknown }) {
    if (body === NOT_JSON) throw new HttpError(415, "Les données doivent être envoyées au format JSON.");
  },
};
