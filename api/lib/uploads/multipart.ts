/**
 * A push parser for multipart/form-data (RFC 7578): chunks in, events out, nothing buffered but a delimiter's
 * length of body bytes (or one part's headers). It knows no limits or files; `form.ts` decides what to keep.
 * Written here rather than taken from npm: ~120 lines, Web-stream agnostic, and tested at every chunk split.
 */

/** What the headers of one part say. `filename` is null for a text field and "" for an empty file input. */
export type PartInfo = { name: string; filename: string | null; contentType: string | null };

export type MultipartEvent =
  | { type: "part"; part: PartInfo }
  /** A view into the parser's buffer: use it (or copy it) before the next `write`. */
  | { type: "data"; data: Uint8Array }
  | { type: "partEnd" }
  | { type: "done" };

/** A body that is not well-formed multipart; `form.ts` answers 400. */
export class MultipartError extends Error {}

const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 8 * 1024;

/** True when a request says its body is a `multipart/form-data` form (upload routes, rate and quota, size checks). */
export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");
}

/** The boundary of a `multipart/form-data` content type, or null when it is not one. */
export function boundaryOf(contentType: string | null): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const m = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]!) : null;
}

type State = "preamble" | "afterDelimiter" | "headers" | "body" | "done";

export class MultipartParser {
  private readonly delimiter: Buffer;
  /** Bytes not consumed yet. Starts with CRLF so the first delimiter has the same shape as the others. */
  private pending: Buffer = Buffer.from(CRLF);
  private state: State = "preamble";

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  }

  get finished(): boolean {
    return this.state === "done";
  }

  write(chunk: Uint8Array): MultipartEvent[] {
    const events: MultipartEvent[] = [];
    if (this.state === "done") return events; // the epilogue is ignored
    const view = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const buf = this.pending.length ? Buffer.concat([this.pending, view]) : view;
    let pos = 0;
    const keep = this.delimiter.length - 1; // a delimiter may start in the last `keep` bytes
    loop: for (;;) {
      switch (this.state) {
        case "preamble": {
          const i = buf.indexOf(this.delimiter, pos);
          if (i < 0) {
            pos = Math.max(pos, buf.length - keep);
            break loop;
          }
          pos = i + this.delimiter.length;
          this.state = "afterDelimiter";
          continue;
        }
        case "afterDelimiter": {
          if (buf.length - pos < 2) break loop;
          if (buf[pos] === 0x2d && buf[pos + 1] === 0x2d) {
            this.state = "done";
            events.push({ type: "done" });
            pos = buf.length;
            break loop;
          }
          // Transport padding (spaces, tabs) may follow the delimiter before its CRLF.
          const eol = buf.indexOf(CRLF, pos);
          const line = eol < 0 ? buf.subarray(pos) : buf.subarray(pos, eol);
          if (line.some((b) => b !== 0x20 && b !== 0x09)) throw new MultipartError("bad delimiter line");
          if (eol < 0) {
            if (line.length > 64) throw new MultipartError("bad delimiter line");
            break loop;
          }
          pos = eol; // the CRLF stays: an empty header block is then CRLF CRLF like any other
          this.state = "headers";
          continue;
        }
        case "headers": {
          const end = buf.indexOf(HEADERS_END, pos);
          if (end < 0) {
            if (buf.length - pos > MAX_HEADER_BYTES) throw new MultipartError("part headers too long");
            break loop;
          }
          if (end - pos > MAX_HEADER_BYTES) throw new MultipartError("part headers too long");
          events.push({ type: "part", part: parseHeaders(buf.subarray(pos + 2, end).toString("utf8")) });
          pos = end + HEADERS_END.length;
          this.state = "body";
          continue;
        }
        case "body": {
          const i = buf.indexOf(this.delimiter, pos);
          if (i < 0) {
            const safe = buf.length - keep;
            if (safe > pos) {
              events.push({ type: "data", data: buf.subarray(pos, safe) });
              pos = safe;
            }
            break loop;
          }
          if (i > pos) events.push({ type: "data", data: buf.subarray(pos, i) });
          events.push({ type: "partEnd" });
          pos = i + this.delimiter.length;
          this.state = "afterDelimiter";
          continue;
        }
        default:
          break loop;
      }
    }
    // Copy the small remainder: the chunk it points into belongs to the stream.
    this.pending = Buffer.from(buf.subarray(pos));
    return events;
  }

  /** Call at the end of the body: a body without its closing delimiter is malformed. */
  end(): void {
    if (this.state !== "done") throw new MultipartError("body ended before the closing delimiter");
  }
}

function parseHeaders(block: string): PartInfo {
  let disposition = "";
  let contentType: string | null = null;
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "content-disposition") disposition = value;
    else if (key === "content-type") contentType = value;
  }
  if (!/^form-data\b/i.test(disposition)) throw new MultipartError("part without form-data disposition");
  const params = new Map<string, string>();
  for (const m of disposition.matchAll(/;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
    params.set(m[1]!.toLowerCase(), m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : m[3]!.trim());
  }
  const name = params.get("name");
  if (name === undefined) throw new MultipartError("part without a name");
  const filename = params.get("filename") ?? (params.has("filename*") ? "file" : null);
  return { name, filename, contentType };
}
