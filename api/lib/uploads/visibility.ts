/**
 * Which media files anyone may download. A media's file and thumbnail (with their responsive variants) are public
 * once the media is approved AND online; before that only its uploader and the admins may fetch them (issue 12
 * item 4: a pending media's /uploads/media/<x>.wav answered 200 to anybody). The primary process keeps the public
 * set (refreshed on every content change) and hands it to the static workers; a file outside it is checked
 * against the viewer's session here, in the primary, which owns the database.
 */
import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { media } from "../../../db/schema";
import { readToken } from "../../plugins/auth";
import { VARIANT_WIDTHS, variantName } from "../images";
import { validateSessionToken } from "../session";
import type { UploadAccess } from "../uploads-serve";

const PICTURE = /\.(jpe?g|png|gif|webp)$/i;
const MEDIA_PREFIX = "/uploads/media/";

/** A file and the AVIF/WebP variants written for it when it is a picture (images.ts). */
function withVariants(area: "media" | "media_thumbnails", file: string): string[] {
  const out = [`${area}/${file}`];
  if (PICTURE.test(file)) {
    for (const w of VARIANT_WIDTHS[area]) out.push(`${area}/${variantName(file, w, "avif")}`, `${area}/${variantName(file, w, "webp")}`);
  }
  return out;
}

/** Paths relative to the uploads folder (`media/x.wav`, `media_thumbnails/x-240.webp`) of every public media. */
export async function publicMediaFiles(db: Db): Promise<string[]> {
  const rows = await db
    .select({ path: media.path, thumbnail: media.thumbnail })
    .from(media)
    .where(and(eq(media.approved, true), eq(media.online, true)));
  const files: string[] = [];
  for (const r of rows) {
    if (r.path.startsWith(MEDIA_PREFIX)) files.push(...withVariants("media", r.path.slice(MEDIA_PREFIX.length)));
    if (r.thumbnail) files.push(...withVariants("media_thumbnails", r.thumbnail));
  }
  return files;
}

/** The original a requested file belongs to: `x-640.webp` -> `x.` (prefix of `x.jpg`), else the name itself. */
function ownerPrefix(file: string): { exact: string; variantOf: string | null } {
  const m = /^(.+)-\d+\.(avif|webp)$/.exec(file);
  return { exact: file, variantOf: m ? `${m[1]}.` : null };
}

/**
 * Access to a protected file outside the public set: "private" for the media's uploader and for admins (session
 * cookie or bearer token), "public" when the media has just become public (the set is refreshed a moment after
 * a change), null otherwise, and null for anonymous visitors without touching the database.
 */
export async function privateUploadAccess(db: Db, request: Request, rel: string): Promise<UploadAccess> {
  const source = readToken(request);
  if (!source) return null;
  const slash = rel.indexOf("/");
  const area = rel.slice(0, slash);
  const { exact, variantOf } = ownerPrefix(rel.slice(slash + 1));
  const where =
    area === "media"
      ? or(eq(media.path, MEDIA_PREFIX + exact), variantOf ? sql`instr(${media.path}, ${MEDIA_PREFIX + variantOf}) = 1` : undefined)
      : or(eq(media.thumbnail, exact), variantOf ? sql`instr(${media.thumbnail}, ${variantOf}) = 1` : undefined);
  const [row] = await db
    .select({ uploadedBy: media.uploadedBy, approved: media.approved, online: media.online })
    .from(media)
    .where(where)
    .limit(1);
  if (!row) return null;
  if (row.approved && row.online) return "public";
  const viewer = await validateSessionToken(db, source.token).catch(() => null);
  if (!viewer) return null;
  return viewer.user.role === "admin" || viewer.user.id === row.uploadedBy ? "private" : null;
}

/**
 * The gate of the primary process: the public set first (no database work for the public site), then the
 * viewer's rights. `refresh()` after every content change.
 */
export class MediaFileGate {
  private files = new Set<string>();

  constructor(private readonly db: Db) {}

  /** Reloads the public set and returns it (for the static workers). */
  async refresh(): Promise<string[]> {
    const list = await publicMediaFiles(this.db);
    this.files = new Set(list);
    return list;
  }

  readonly gate = (request: Request, rel: string): UploadAccess | Promise<UploadAccess> =>
    this.files.has(rel) ? "public" : privateUploadAccess(this.db, request, rel);
}

/**
 * The gate of a static worker: the public set it was sent; for anything else, a visitor with a session is checked
 * by the primary (`ask`), one without is refused at once.
 */
export class WorkerMediaGate {
  private files = new Set<string>();

  constructor(private readonly ask: (request: Request, rel: string) => Promise<UploadAccess>) {}

  setFiles(files: readonly string[]): void {
    this.files = new Set(files);
  }

  readonly gate = (request: Request, rel: string): UploadAccess | Promise<UploadAccess> => {
    if (this.files.has(rel)) return "public";
    return readToken(request) ? this.ask(request, rel) : null;
  };
}

/** Path of the primary's loopback route answering a worker's `ask` (204 private, 200 public, 404 refused). */
export const UPLOAD_ACCESS_PATH = "/_upload-access";
