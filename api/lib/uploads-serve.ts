import { normalize } from "node:path";
import { uploadContentType } from "./content-types";
import { SECURITY_HEADERS } from "./security-headers";
import { STORAGE_DOWN_MESSAGE, uploadStorage, type StoredObject, type UploadStorage } from "./storage";
import { DiskStorage } from "./storage/disk";

/**
 * Who may fetch an upload (api/lib/uploads/visibility.ts): "public" (anyone, cacheable), "private" (this viewer
 * only: an owner of the content or an admin), or null (404, exactly as if the file did not exist).
 */
export type UploadAccess = "public" | "private" | null;
export type UploadGate = (request: Request, rel: string) => UploadAccess | Promise<UploadAccess>;

/**
 * Uploads are served as data, never as pages of our origin: no script, no plugin, no form may run in them even if a
 * file slipped past the format check. Audio and video documents need their own URL as media source, and Chromium
 * plays them in a sandboxed document only with `allow-same-origin` (checked by hand: without it the player stays
 * empty); with no `allow-scripts`, nothing can run there anyway. PDF and images display under the strict policy.
 */
const STRICT_CSP = "default-src 'none'; sandbox";
const MEDIA_CSP = "default-src 'none'; media-src 'self'; sandbox allow-same-origin";

/**
 * Serves uploads from the process's storage (the uploads folder or a bucket, streamed by this process either way:
 * docs/DECISIONS.md): no directory listing, no way out of the folder, HTTP Range for audio and
 * video seeking, ETag/304, HEAD. Only the accepted formats are served inline; anything else is an attachment.
 * With a `gate`, every file is served only as it decides (without one, every file is public: the raw file server).
 */
export function serveUpload(request: Request, uploadsDir: string, pathname: string): Response | null;
export function serveUpload(request: Request, uploadsDir: string, pathname: string, gate: UploadGate): Response | null | Promise<Response | null>;
export function serveUpload(
  request: Request,
  uploadsDir: string,
  pathname: string,
  gate?: UploadGate,
): Response | null | Promise<Response | null> {
  let rel: string;
  try {
    rel = decodeURIComponent(pathname.slice("/uploads/".length));
  } catch {
    return null;
  }
  if (rel.includes("\0")) return null;
  const clean = normalize(rel).replace(/^\/+/, "");
  if (clean === "" || clean === "." || clean.startsWith("..") || clean.split("/").some((p) => p.startsWith("."))) {
    return null;
  }
  const storage = uploadStorage(uploadsDir);
  if (storage instanceof DiskStorage) {
    // Synchronous on disk: no promise per public file (the common case by far).
    const serve = (a: "public" | "private") => serveObject(request, storage, clean, a, storage.statNow(clean));
    if (!gate) return serve("public");
    const access = gate(request, clean);
    if (access instanceof Promise) return access.then((a) => (a ? serve(a) : null));
    return access ? serve(access) : null;
  }
  const serve = async (a: "public" | "private") => {
    let found: StoredObject | null;
    try {
      found = await storage.stat(clean);
    } catch {
      return new Response(STORAGE_DOWN_MESSAGE, {
        status: 503,
        headers: { ...SECURITY_HEADERS, "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "retry-after": "60" },
      });
    }
    return serveObject(request, storage, clean, a, found);
  };
  if (!gate) return serve("public");
  return Promise.resolve(gate(request, clean)).then((a) => (a ? serve(a) : null));
}

function serveObject(request: Request, storage: UploadStorage, key: string, access: "public" | "private", found: StoredObject | null): Response | null {
  if (!found) return null;
  const { size, mtime } = found;
  const type = uploadContentType(key);
  const etag = `"${size.toString(36)}-${mtime.getTime().toString(36)}"`;
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    "content-security-policy": type?.startsWith("audio/") || type?.startsWith("video/") ? MEDIA_CSP : STRICT_CSP,
    "x-content-type-options": "nosniff",
    "content-type": type ?? "application/octet-stream",
    "accept-ranges": "bytes",
    // Replaced files get new names (uploads/store.ts), but the seed's do not: revalidate after an hour. A file
    // only its owners or an admin may see is kept by no cache at all: not by a shared one, and not by the
    // browser either, where it would outlive the session (a shared computer after sign-out).
    "cache-control": access === "public" ? "public, max-age=3600" : "private, no-store",
    etag,
    "last-modified": mtime.toUTCString(),
  };
  if (!type) headers["content-disposition"] = "attachment";
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });

  const range = request.headers.get("range");
  if (range) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    let start = m?.[1] ? Number(m[1]) : NaN;
    let end = m?.[2] ? Number(m[2]) : size - 1;
    if (m && !m[1] && m[2]) {
      // Suffix range: the last N bytes.
      start = Math.max(0, size - Number(m[2]));
      end = size - 1;
    }
    if (!m || Number.isNaN(start) || start > end || start >= size) {
      return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
    }
    end = Math.min(end, size - 1);
    headers["content-range"] = `bytes ${start}-${end}/${size}`;
    headers["content-length"] = String(end - start + 1);
    return new Response(request.method === "HEAD" ? null : storage.body(key, [start, end]), { status: 206, headers });
  }
  headers["content-length"] = String(size);
  return new Response(request.method === "HEAD" ? null : storage.body(key), { status: 200, headers });
}
