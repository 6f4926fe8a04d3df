/**
 * The hop from a static worker (api/web-worker.ts) to the primary process's loopback listener (api/server.ts).
 * That listener believes the worker's word on who the client is (`x-client-ip`) and which URL they asked for
 * (`x-original-url`); any local process can open a loopback port, so without proof it came from our worker,
 * one could spread sign-in guesses over invented addresses. The proof is a secret drawn at each start of the
 * primary, given to its workers in their environment and sent on every forwarded request. A request without it is
 * refused before any of its headers is read. See docs/DECISIONS.md (« Le saut interne… »).
 */
import { createHash, timingSafeEqual } from "node:crypto";

/** The header a worker sends its secret in. */
export const HOP_HEADER = "x-internal-hop";
/** The URL the client asked the worker for (the worker's own request to the primary has another one). */
export const FORWARDED_URL_HEADER = "x-original-url";
/** The environment variable the primary hands the secret to its workers in. */
export const HOP_SECRET_ENV = "INTERNAL_HOP_SECRET";
export const HOP_REFUSED_MESSAGE = "Accès refusé.";

/** 32 random bytes, new at every start: nothing to configure, nothing that outlives the processes. */
export function newHopSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * A check of the hop header against `secret`, in constant time: both sides are hashed first, so neither the
 * content nor the length of a wrong guess changes how long the comparison takes.
 */
export function hopCheck(secret: string): (request: Request) => boolean {
  if (secret.length < 32) throw new Error("the internal hop secret is too short");
  const expected = digest(secret);
  return (request) => {
    const sent = request.headers.get(HOP_HEADER);
    return sent !== null && timingSafeEqual(digest(sent), expected);
  };
}

/** The answer to a request on the loopback listener that is not from one of our workers. */
export function hopRefused(): Response {
  return Response.json({ message: HOP_REFUSED_MESSAGE }, { status: 403, headers: { "cache-control": "no-store" } });
}
