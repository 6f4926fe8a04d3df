import { statSync } from "node:fs";
import { join, normalize, resolve } from "node:path";
import { contentType } from "./content-types";
import { SECURITY_HEADERS } from "./security-headers";

/**
 * Serves files under the uploads folder: no directory listing, no way out of the folder, HTTP Range for audio and
 * video seeking. Uploaded files are never executed or rendered as HTML (nosniff, no HTML/SVG type is served).
 */
export function serveUpload(request: Request, uploadsDir: string, pathname: string): Response | null {
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
  const root = resolve(uploadsDir);
  const path = join(root, clean);
  if (!path.startsWith(root + "/")) return null;
  let size: number;
  let mtime: Date;
  try {
    const st = statSync(path);
    if (!st.isFile()) return null;
    size = st.size;
    mtime = st.mtime;
  } catch {
    return null;
  }
  const type = contentType(path);
  const etag = `"${size.toString(36)}-${mtime.getTime().toString(36)}"`;
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    "content-type": type,
    "accept-ranges": "bytes",
    // File names change when a picture is replaced only for some areas, so revalidate after an hour.
    "cache-control": "public, max-age=3600",
    etag,
    "last-modified": mtime.toUTCString(),
  };
  if (type === "application/octet-stream") headers["content-disposition"] = "attachment";
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });

  const file = Bun.file(path);
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
    return new Response(request.method === "HEAD" ? null : file.slice(start, end + 1), { status: 206, headers });
  }
  headers["content-length"] = String(size);
  return new Response(request.method === "HEAD" ? null : file, { status: 200, headers });
}
