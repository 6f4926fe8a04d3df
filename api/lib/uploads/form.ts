/**
 * Reads an upload form from `request.body` as it streams: text fields into memory (64 KB in all), the one file
 * part straight to a temp file under `<uploadsDir>/.tmp/`, so a 200 MB video never sits in memory. Limits are
 * enforced before reading (Content-Length) and while reading (chunked bodies); the file's first bytes decide its
 * format (the client's name and declared type are ignored). Any refusal removes what was written.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, rm, stat, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from "../errors";
import { detectFormat, SNIFF_BYTES, tooLargeMessage, unsupportedMessage, type FileKind } from "./formats";
import { unknownFieldMessage } from "../strict-schema";
import { FORM_MAX_BYTES } from "./limits";
import { boundaryOf, MultipartError, MultipartParser, type PartInfo } from "./multipart";

export type { FileKind } from "./formats";

/**
 * What a route accepts as its file: the form field, the kinds of content, the size limit, and the text fields
 * sent along with it (none unless listed: any other field is refused, as every request schema refuses unknown
 * fields).
 */
export type FileRule = { field: string; accept: readonly FileKind[]; maxBytes: number; required?: boolean; fields?: readonly string[] };

/**
 * The values of a JSON body, as sent (fields flatten them to text): `formValues` checks them with their JSON
 * types, so that a number or an object sent for a text field is refused instead of read as its text.
 */
export const JSON_VALUES = Symbol("json values");

/** A form's text fields; from a JSON body, they also carry its values as sent. */
export type FormFields = Record<string, string[]> & { [JSON_VALUES]?: Record<string, unknown> };

/**
 * A record without a prototype: field names are the client's, and `constructor` or `__proto__` must be plain
 * names, not Object's own members.
 */
const noPrototype = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** A text field the route's file rule does not list is refused (routes without a rule check names in formValues). */
function checkFieldName(name: string, rule: FileRule | undefined): void {
  if (rule && !(rule.fields ?? []).includes(name)) throw new BadRequestError(unknownFieldMessage(name));
}

/** A file received and checked, waiting in `.tmp/` for `store.ts` to keep it (or for `discard`). */
export type TempUpload = {
  path: string;
  size: number;
  /** Extension of the detected format (never the client's). */
  ext: string;
  mime: string;
  /** The accepted kind the content matched (e.g. "video" for a media route, "picture" for a picture route). */
  kind: FileKind;
  /** The name the browser gave (display only: control characters dropped, 200 characters at most). */
  clientName: string;
  /** Deletes the temp file; harmless when already kept or discarded. */
  discard(): Promise<void>;
};

export type UploadForm = { fields: FormFields; file: TempUpload | null };

/** Reads the request's form (fields and checked file); given by the route so the modules' writes know no HTTP. */
export type ReadForm = () => Promise<UploadForm>;

/** All text fields of one form together. */
export const FIELDS_MAX_BYTES = FORM_MAX_BYTES;
/** Part headers and delimiters around the fields and the file. */
const OVERHEAD_BYTES = 16 * 1024;
const MAX_PARTS = 500;

/** The largest body an upload route with this rule accepts (for the early Content-Length check). */
export function maxBodyBytes(rule: FileRule | undefined): number {
  return (rule?.maxBytes ?? 0) + FIELDS_MAX_BYTES + OVERHEAD_BYTES;
}

export const TEMP_FOLDER = ".tmp";

/** Temp files of each request, so the upload route option can discard what a failed handler left behind. */
const tempsOf = new WeakMap<Request, TempUpload[]>();

/**
 * A cap on the file's bytes that is not the route's own: what is left of a member's pending quota. Set by the
 * pending quota (api/modules/upload-quota/service.ts) before the handler reads the form.
 */
export type ByteBudget = { bytes: number; refuse: () => Error };

const budgetsOf = new WeakMap<Request, ByteBudget>();

/** Caps the file `readUploadForm` will accept from this request (checked on Content-Length, then while streaming). */
export function limitUploadBytes(request: Request, budget: ByteBudget): void {
  budgetsOf.set(request, budget);
}

/** Deletes the temp files `readUploadForm` made for this request and nobody kept (called after the answer). */
export async function discardRequestUploads(request: Request): Promise<void> {
  const temps = tempsOf.get(request);
  if (temps) await Promise.all(temps.map((t) => t.discard()));
}

/** Deletes temp files older than `maxAgeMs` (left by a crash mid-upload). */
export async function sweepTempUploads(uploadsDir: string, maxAgeMs = 60 * 60 * 1000): Promise<number> {
  const dir = join(uploadsDir, TEMP_FOLDER);
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, name);
    const st = await stat(path).catch(() => null);
    if (st && Date.now() - st.mtimeMs > maxAgeMs) {
      // Recursive: a staging folder of pictures bound for a bucket (api/lib/storage/s3.ts) is a folder.
      await rm(path, { force: true, recursive: true });
      removed++;
    }
  }
  return removed;
}

const tooBigForm = () => new PayloadTooLargeError("Formulaire trop volumineux (max 64 Ko).");

/**
 * Reads the form of an upload route. Also takes `application/json` and `application/x-www-form-urlencoded`
 * bodies (fields only, 64 KB), so a form sent without its optional file needs no multipart.
 */
export async function readUploadForm(request: Request, opts: { uploadsDir: string; file?: FileRule }): Promise<UploadForm> {
  const rule = opts.file;
  const limit = maxBodyBytes(rule);
  const tooBig = () => (rule ? new PayloadTooLargeError(tooLargeMessage(rule.accept, rule.maxBytes)) : tooBigForm());
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > limit) throw tooBig();
  const budget = rule ? budgetsOf.get(request) : undefined;
  // The body holds at least this much of file: refused before a byte is read when that is already too much.
  if (budget && declared - FIELDS_MAX_BYTES - OVERHEAD_BYTES > budget.bytes) throw budget.refuse();

  const contentType = request.headers.get("content-type");
  const boundary = boundaryOf(contentType);
  if (!boundary) {
    const fields = await readSimpleForm(request, contentType);
    for (const name of Object.keys(fields)) checkFieldName(name, rule);
    if (rule?.required) throw new BadRequestError("Un fichier est obligatoire");
    return { fields, file: null };
  }

  const temps: TempUpload[] = [];
  tempsOf.set(request, temps);
  const reader = request.body?.getReader();
  if (!reader) throw new BadRequestError("Formulaire vide.");
  const parser = new MultipartParser(boundary);
  const fields = noPrototype<string[]>();
  let fieldBytes = 0;
  let parts = 0;
  let received = 0;
  let file: TempUpload | null = null;
  /** The part being read: a text field (its chunks), a file being written, or a part we skip. */
  let current: { kind: "field"; name: string; chunks: Uint8Array[] } | { kind: "file"; sink: FileSink } | { kind: "skip" } | null = null;

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > limit) throw tooBig();
      for (const event of parser.write(value)) {
        if (event.type === "part") {
          if (++parts > MAX_PARTS) throw tooBigForm();
          fieldBytes += Buffer.byteLength(event.part.name);
          if (fieldBytes > FIELDS_MAX_BYTES) throw tooBigForm();
          current = await startPart(event.part, rule, file !== null, opts.uploadsDir, temps);
        } else if (event.type === "data") {
          if (!current || current.kind === "skip") continue;
          if (current.kind === "field") {
            fieldBytes += event.data.byteLength;
            if (fieldBytes > FIELDS_MAX_BYTES) throw tooBigForm();
            current.chunks.push(Buffer.from(event.data));
          } else {
            if (current.sink.size + event.data.byteLength > rule!.maxBytes) throw tooBig();
            if (budget && current.sink.size + event.data.byteLength > budget.bytes) throw budget.refuse();
            await current.sink.write(event.data);
          }
        } else if (event.type === "partEnd") {
          if (current?.kind === "field") (fields[current.name] ??= []).push(Buffer.concat(current.chunks).toString("utf8"));
          else if (current?.kind === "file") file = await current.sink.finish();
          current = null;
        }
      }
    }
    parser.end();
    if (rule?.required && !file) throw new BadRequestError("Un fichier est obligatoire");
    return { fields, file };
  } catch (e) {
    // Released, not cancelled: cancelling makes Bun drop the connection, and the client (or the static worker
    // relaying it) would get no answer instead of our 413/415.
    reader.releaseLock();
    if (current?.kind === "file") await current.sink.abort();
    await Promise.all(temps.map((t) => t.discard()));
    if (e instanceof MultipartError) throw new BadRequestError("Formulaire illisible.");
    throw e;
  }
}

async function startPart(
  part: PartInfo,
  rule: FileRule | undefined,
  haveFile: boolean,
  uploadsDir: string,
  temps: TempUpload[],
): Promise<{ kind: "field"; name: string; chunks: Uint8Array[] } | { kind: "file"; sink: FileSink } | { kind: "skip" }> {
  if (part.filename === null) {
    checkFieldName(part.name, rule);
    return { kind: "field", name: part.name, chunks: [] };
  }
  // A file the route does not take is refused before any of it is stored, like an unknown field.
  if (!rule || part.name !== rule.field) throw new BadRequestError(`Fichier inattendu\u00a0: «\u00a0${[...part.name].slice(0, 60).join("")}\u00a0».`);
  if (haveFile) throw new BadRequestError("Un seul fichier est accepté.");
  return { kind: "file", sink: await FileSink.open(uploadsDir, rule, part.filename, temps) };
}

/** Writes one file part to `.tmp/`, checking its format as soon as its first bytes are in. */
class FileSink {
  size = 0;
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private checked: { ext: string; mime: string; kind: FileKind } | null = null;

  private constructor(
    private readonly handle: FileHandle,
    readonly path: string,
    private readonly rule: FileRule,
    private readonly clientName: string,
    private readonly temps: TempUpload[],
  ) {}

  static async open(uploadsDir: string, rule: FileRule, clientName: string, temps: TempUpload[]): Promise<FileSink> {
    const dir = join(uploadsDir, TEMP_FOLDER);
    await mkdir(dir, { recursive: true });
    const path = join(dir, `${randomBytes(12).toString("hex")}.part`);
    const sink = new FileSink(await open(path, "wx", 0o600), path, rule, clientName, temps);
    // Registered at once so that any failure from here on removes the file.
    temps.push(tempUpload(path, 0, "", "", "audio", ""));
    return sink;
  }

  async write(data: Uint8Array): Promise<void> {
    if (!this.checked) {
      this.head.push(Buffer.from(data.subarray(0, SNIFF_BYTES - this.headBytes)));
      this.headBytes += Math.min(data.byteLength, SNIFF_BYTES - this.headBytes);
      if (this.headBytes >= SNIFF_BYTES) await this.check();
    }
    await this.handle.write(data);
    this.size += data.byteLength;
  }

  private async check(): Promise<void> {
    const found = await detectFormat(Buffer.concat(this.head), this.rule.accept);
    this.head = [];
    if (!found) throw new UnsupportedMediaTypeError(unsupportedMessage(this.rule.accept));
    this.checked = { ext: found.format.ext, mime: found.format.mime, kind: found.kind };
  }

  /** Closes the file and returns it, or null for an empty file input (no name, no bytes). */
  async finish(): Promise<TempUpload | null> {
    await this.handle.close();
    if (this.size === 0) {
      await rm(this.path, { force: true });
      if (this.clientName === "") return null;
      throw new BadRequestError("Le fichier est vide.");
    }
    if (!this.checked) await this.check();
    const c = this.checked!;
    const upload = tempUpload(this.path, this.size, c.ext, c.mime, c.kind, displayName(this.clientName));
    this.temps.push(upload);
    return upload;
  }

  async abort(): Promise<void> {
    await this.handle.close().catch(() => {});
    await rm(this.path, { force: true });
  }
}

function tempUpload(path: string, size: number, ext: string, mime: string, kind: FileKind, clientName: string): TempUpload {
  return { path, size, ext, mime, kind, clientName, discard: () => rm(path, { force: true }) };
}

/** A client's file name fit for display: its last path part, without control characters, 200 characters at most. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return Array.from(base.normalize("NFC").replace(/[\p{Cc}\p{Cf}]/gu, "").trim()).slice(0, 200).join("");
}

/** JSON or urlencoded fields of an upload route sent without a file, read to 64 KB at most. */
async function readSimpleForm(request: Request, contentType: string | null): Promise<FormFields> {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json" && type !== "application/x-www-form-urlencoded") {
    throw new UnsupportedMediaTypeError("Formulaire attendu (multipart/form-data).");
  }
  const text = await readBounded(request, FIELDS_MAX_BYTES);
  const fields: FormFields = noPrototype<string[]>();
  if (type === "application/x-www-form-urlencoded") {
    for (const [k, v] of new URLSearchParams(text)) (fields[k] ??= []).push(v);
    return fields;
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new BadRequestError("Requête illisible.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new BadRequestError("Requête illisible.");
  // Same shape as multipart: repeated values as arrays, objects (e.g. socialLinks) as their JSON text; the values
  // as sent go along, for formValues to check their types.
  const str = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
  for (const [k, v] of Object.entries(body)) fields[k] = Array.isArray(v) ? v.map(str) : [str(v)];
  Object.defineProperty(fields, JSON_VALUES, { value: body, enumerable: false });
  return fields;
}

/** The body as text, refused with 413 as soon as it passes `max` bytes (chunked bodies included). */
export async function readBounded(request: Request, max: number): Promise<string> {
  const reader = request.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      reader.releaseLock();
      throw tooBigForm();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
