/**
 * Body limits for every route, checked before Elysia reads a body (it would otherwise parse 100 MB of JSON into
 * memory first: issue 12 item 5). Routes that read their own body (`parse: "none"`, set by the `upload: true`
 * route option) are upload routes and may take UPLOAD_MAX_MB; article writes take a whole paper (their own bound,
 * api/modules/articles/body-size.ts); every other route takes 64 KB. The list of upload
 * routes is read from the app's own route table, so a new route cannot be forgotten: it is limited by default.
 */
import { Elysia } from "elysia";
import { PayloadTooLargeError } from "../lib/errors";
import { discardRequestUploads, maxBodyBytes } from "../lib/uploads/form";
import { tooLargeMessage } from "../lib/uploads/formats";
import { bodyTooLargeMessage, FORM_MAX_BYTES } from "../lib/uploads/limits";
import { routedPath } from "./routed-path";

/** JSON, urlencoded and any other body a non-upload route reads. */
export const JSON_LIMIT_BYTES = FORM_MAX_BYTES;
const MB = 1024 * 1024;

const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

type RouteEntry = { method: string; path: string; hooks?: unknown };
/** The app's route table (`app.routes`). */
export type RouteTable = readonly RouteEntry[];

/** True for a route that reads its own body: exactly Elysia's `parse: "none"`. */
export function readsOwnBody(route: RouteEntry): boolean {
  const parse = (route.hooks as { parse?: unknown } | undefined)?.parse;
  const list = Array.isArray(parse) ? parse : parse === undefined ? [] : [parse];
  return list.some((p) => p === "none" || (p as { fn?: unknown })?.fn === "none");
}

/** A matcher for Elysia path patterns (`/api/user/media/:id`, `/files/*`). */
function pattern(path: string): RegExp {
  const body = path
    .split("/")
    .map((seg) => (seg === "*" ? ".*" : seg.startsWith(":") ? "[^/]+" : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${body}/?$`);
}

/** Whether a (method, path) pair is an upload route's; a route pattern (`/api/user/media/:id`) matches itself. */
export type UploadRouteMatcher = (method: string, path: string) => boolean;

/**
 * Which (method, path) pairs are upload routes, computed once from the route table when first needed. The app
 * makes one and hands it to every plugin that asks (body limit, object bodies, upload rate).
 */
export function uploadRouteMatcher(routes: () => readonly RouteEntry[]): UploadRouteMatcher {
  let table: { method: string; re: RegExp }[] | null = null;
  return (method, path) => {
    table ??= routes()
      .filter(readsOwnBody)
      .map((r) => ({ method: r.method.toUpperCase(), re: pattern(r.path) }));
    return table.some((t) => (t.method === method || t.method === "ALL") && t.re.test(path));
  };
}

/**
 * Route option `{ upload: true }`: the route reads its body itself with `readUploadForm` (multipart, the file
 * streamed to disk) and Elysia does not parse it; the body limit is then UPLOAD_MAX_MB instead of 64 KB, and temp
 * files the handler did not keep are removed after the answer. Same as `parse: "none"`, said once in one place.
 */
export const uploadRoute = new Elysia({ name: "upload-route" }).macro({
  // Elysia's macro typing has no room for the "none" parser its runtime honours (verified in the tests).
  upload: (enabled: boolean) => (enabled ? ({ parse: "none" } as {}) : {}),
});

/**
 * The limits, used once by the app they limit: `.use(bodyLimit(env, uploadRouteMatcher(() => app.routes)))` (the
 * route table is read at the first request, when every module is in).
 */
/** Routes whose JSON may pass 64 KB (article writes: a whole paper), and their own bound. */
export type LargerJson = { matches: (method: string, path: string) => boolean; maxBytes: number };

export const bodyLimit = (opts: { uploadMaxMb: number }, isUpload: UploadRouteMatcher, larger?: LargerJson) => {
  const uploadLimit = maxBodyBytes({ field: "", accept: [], maxBytes: opts.uploadMaxMb * MB });
  return new Elysia({ name: "body-limit" })
    // Temp files of any upload route (`upload: true` or a bare `parse: "none"`) that the handler did not keep.
    .onAfterResponse({ as: "global" }, ({ request }) => discardRequestUploads(request))
    .onRequest((ctx) => {
      const { request } = ctx;
      if (WITHOUT_BODY.has(request.method)) return;
      const declared = request.headers.get("content-length");
      if (isUpload(request.method, routedPath(ctx))) {
        // The route's own rule (5 MB for pictures) is checked by readUploadForm; this is the outer bound.
        if (declared !== null && Number(declared) > uploadLimit) {
          throw new PayloadTooLargeError(tooLargeMessage(["audio", "video"], opts.uploadMaxMb * MB));
        }
        return;
      }
      const limit = larger?.matches(request.method, routedPath(ctx)) ? larger.maxBytes : JSON_LIMIT_BYTES;
      if (declared !== null) {
        if (Number(declared) > limit) throw tooBig(limit);
        return;
      }
      if (request.body) {
        // A chunked body: read it here, up to the route's limit, and hand the route a request with the bytes read.
        return readBounded(request, limit).then((bytes) => {
          (ctx as { request: Request }).request = new Request(request, { body: bytes });
        });
      }
    });
};

const tooBig = (limit: number) => new PayloadTooLargeError(bodyTooLargeMessage(limit));

/** The body's bytes, refused with 413 as soon as they pass `max` (the rest is never read). */
async function readBounded(request: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = request.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      // Released, not cancelled: cancelling makes Bun drop the connection before our 413 is sent.
      reader.releaseLock();
      throw tooBig(max);
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
