/**
 * What Elysia parses must reach the strict schemas whole (docs/DECISIONS.md, « Strict input »). Three ways it did
 * not, each a request that is refused here (400, in `transform`, which runs after parsing and before Elysia's
 * normalization and check):
 * - a root that is not an object: normalization turns `true`, `1` and `[]` into `{}` and `"ab"` into
 *   `{0: "a", 1: "b"}`, so a schema whose fields are all optional (a toggle's, the Google callback's) took `true`
 *   for "no body";
 * - a body that does not parse, when the schema is optional: Elysia then swallows the error and runs the route
 *   as if nothing had been sent (a broken JSON body flipped an article's approval);
 * - a multipart field named like a member of Object (`constructor`, `__proto__`, `toString`…): Elysia's form
 *   parser skips it, and the platform's drops parts named `""` or `"\u0000"`, where every other unknown field is
 *   refused. Such forms are read a second time with our own multipart reader (they are 64 KB at most: upload
 *   routes, which read their own body, are not concerned) to find what was skipped.
 * - a JSON key `__proto__` (issue 30 §5): `JSON.parse` keeps it as an own key, but Elysia's normalization copies
 *   some schemas' bodies (those with unions, e.g. the article form) by assignment, where `__proto__` sets the copy's
 *   prototype instead of a field, so the strict check never saw it and the article was saved. It is refused here,
 *   at any depth, with the unknown field's message, before any copy is made.
 * A parser's own marker (a symbol, e.g. the sign-in routes' "not JSON", answered 415 by their own transform) is
 * left to it.
 */
import { Elysia } from "elysia";
import { BadRequestError } from "../lib/errors";
import { unknownFieldMessage } from "../lib/strict-schema";
import { boundaryOf, isMultipart, MultipartParser } from "../lib/uploads/multipart";
import type { UploadRouteMatcher } from "./body-limit";
import { routedPath } from "./routed-path";

function isPlainObject(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** True when a parsed JSON value holds an own `__proto__` key at any depth (walked without recursion: depth is the client's). */
export function hasProtoKey(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null) continue;
    if (!Array.isArray(value) && Object.hasOwn(value, "__proto__")) return true;
    for (const child of Object.values(value)) stack.push(child);
  }
  return false;
}

/** The names of a multipart body's parts, as sent (Elysia has parsed the same body: it is well formed). */
async function partNames(request: Request): Promise<string[]> {
  const boundary = boundaryOf(request.headers.get("content-type"));
  if (!boundary) return [];
  const parser = new MultipartParser(boundary);
  const names: string[] = [];
  try {
    for (const event of parser.write(new Uint8Array(await request.arrayBuffer()))) if (event.type === "part") names.push(event.part.name);
    parser.end();
  } catch {
    throw new BadRequestError("Formulaire illisible.");
  }
  return names;
}

export const objectBodies = (isUpload: UploadRouteMatcher) => {
  /** A second copy of the multipart bodies Elysia parses, to see the fields its parser skips. */
  const copies = new WeakMap<Request, Request>();
  return new Elysia({ name: "object-bodies" })
    .onRequest((ctx) => {
      const { request } = ctx;
      if (!request.body || !isMultipart(request)) return;
      if (!isUpload(request.method, routedPath(ctx))) copies.set(request, request.clone());
    })
    .onTransform({ as: "global" }, async ({ body, request }) => {
      if (typeof body === "symbol") return;
      if (body === undefined) {
        // Read and dropped: the body did not parse (Elysia swallows that error when the schema is optional).
        if (request.bodyUsed) throw new BadRequestError("Requête illisible.");
        return;
      }
      if (body === "") return;
      if (!isPlainObject(body)) throw new BadRequestError("Le corps de la requête doit être un objet JSON ou un formulaire.");
      if (hasProtoKey(body)) throw new BadRequestError(unknownFieldMessage("__proto__"));
      const copy = copies.get(request);
      if (!copy) return;
      for (const name of await partNames(copy)) {
        const top = name.split(/[.[]/)[0]!;
        if (!Object.hasOwn(body as object, top)) throw new BadRequestError(unknownFieldMessage(name));
      }
    });
};
