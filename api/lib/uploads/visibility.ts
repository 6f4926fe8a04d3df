/**
 * Which uploads anyone may download (issue 12 item 4, issue 18 part 5: pictures of pending articles and the
 * uncropped originals of profile pictures once answered 200 to anybody with the URL). Every file under the
 * uploads folder is private unless it is in the public set:
 * - a media's file and thumbnail, once the media is approved AND online;
 * - an article's cropped picture, once the article is approved AND online;
 * - a member's cropped profile picture (every member has a public page);
 * - a picture inside an article's body, once an article showing it is approved AND online;
 * each with its responsive variants. Everything else is served only to its owners (the media's uploader, the
 * article's authors, the member) and to admins: pending content, article originals and profile originals (never
 * shown on a public page, so never public: an original can be replaced without review), and files no row points
 * at. The primary process keeps the public set (refreshed on every content change) and hands it to the static
 * workers; a file outside it is checked against the viewer's session here, in the primary, which owns the database.
 */
import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { articleAuthors, articleBodyPictures, articleRevisions, articles, bodyPictures, media, users, type UserRow } from "../../../db/schema";
import { readToken, validateSessionToken } from "../session";
import type { UploadAccess } from "../uploads-serve";

const MEDIA_PREFIX = "/uploads/media/";
/**
 * A variant's name: a responsive one (images.ts `variantName`, `<stem>-<width>.avif|webp`) or the newsletter's
 * JPEG (`mailPictureName`, `<stem>-mail.jpg`), public exactly when its original is.
 */
const VARIANT = /^(.+)-(?:\d+\.(?:avif|webp)|mail\.jpg)$/;
/** The formats variants are written for (images.ts), i.e. the possible extensions of a variant's original. */
const VARIANT_SOURCES = [".jpg", ".jpeg", ".png", ".gif", ".webp"];

/**
 * Paths relative to the uploads folder (`media/x.wav`, `article_pics/x.jpg`) of every public file: see the header.
 * Originals only: their variants are public with them (`isInPublicSet`). At 5,000 published articles this is
 * about 5,000 names (240 KB of IPC to each static worker after a change; with the variants listed it was 1.2 MB).
 */
export async function publicUploadFiles(db: Db): Promise<string[]> {
  const [mediaRows, articleRows, memberRows, bodyRows] = await Promise.all([
    db.select({ path: media.path, thumbnail: media.thumbnail }).from(media).where(and(isNull(media.deletedAt), eq(media.approved, true), eq(media.online, true))),
    publicArticlePictures(db),
    db.select({ pic: users.profilePic }).from(users).where(isNotNull(users.profilePic)),
    db
      .selectDistinct({ name: articleBodyPictures.name })
      .from(articleBodyPictures)
      .innerJoin(articles, eq(articles.id, articleBodyPictures.articleId))
      .where(and(isNull(articles.deletedAt), eq(articles.approved, true), eq(articles.online, true))),
  ]);
  const files: string[] = [];
  for (const r of mediaRows) {
    if (r.path.startsWith(MEDIA_PREFIX)) files.push(`media/${r.path.slice(MEDIA_PREFIX.length)}`);
    if (r.thumbnail) files.push(`media_thumbnails/${r.thumbnail}`);
  }
  for (const r of articleRows) files.push(`article_pics/${r.pic}`);
  for (const r of memberRows) files.push(`profile_pics/${r.pic}`);
  for (const r of bodyRows) files.push(`body_pics/${r.name}`);
  return files;
}

/**
 * The public articles' pictures, from an index alone (migration 0036): this set is made again after every change,
 * and each article row, holding the texts before its picture, cost 168-229 ms to read at 50,000 articles, on the
 * way to the write's answer (api/lib/list-query-plans.test.ts checks the plan).
 */
export function publicArticlePictures(db: Db) {
  return db
    .select({ pic: articles.articlePic })
    .from(articles)
    .where(and(isNull(articles.deletedAt), eq(articles.approved, true), eq(articles.online, true), isNotNull(articles.articlePic)));
}

/** Whether `rel` is in the public set: a listed file, or a variant of a listed picture (`x-400.webp` of `x.jpg`). */
export function isInPublicSet(files: ReadonlySet<string>, rel: string): boolean {
  if (files.has(rel)) return true;
  const m = VARIANT.exec(rel);
  return m !== null && VARIANT_SOURCES.some((ext) => files.has(m[1] + ext));
}

/**
 * Rows whose `column` names the requested file: the file itself, or the original a variant was made from
 * (`x-640.webp` belongs to `x.jpg`, found as the prefix `x.`).
 */
function names(column: SQLiteColumn, file: string, prefix = ""): SQL {
  const m = VARIANT.exec(file);
  const exact = eq(column, prefix + file);
  return m ? or(exact, sql`instr(${column}, ${prefix + m[1] + "."}) = 1`)! : exact;
}

/** Whether `stored` (a column's value) is the requested file or the original of the requested variant. */
function isFileOf(stored: string | null, file: string): boolean {
  if (!stored) return false;
  if (stored === file) return true;
  const m = VARIANT.exec(file);
  return m !== null && stored.startsWith(m[1] + ".");
}

/** What a protected file belongs to: whether it is public now, and who besides admins may see it. */
type Owned = { isPublic: boolean; ownedBy: (userId: string) => boolean | Promise<boolean> };

async function coAuthor(db: Db, articleId: string, userId: string): Promise<boolean> {
  const [a] = await db
    .select({ userId: articleAuthors.userId })
    .from(articleAuthors)
    .where(and(eq(articleAuthors.articleId, articleId), eq(articleAuthors.userId, userId)))
    .limit(1);
  return a !== undefined;
}

/** The row a file under `area` belongs to, or null for an unknown area or a file no row points at. */
async function ownerOf(db: Db, area: string, file: string): Promise<Owned | null> {
  if (area === "media" || area === "media_thumbnails") {
    const where = area === "media" ? names(media.path, file, MEDIA_PREFIX) : names(media.thumbnail, file);
    const [row] = await db.select({ uploadedBy: media.uploadedBy, approved: media.approved, online: media.online, deletedAt: media.deletedAt }).from(media).where(where).limit(1);
    // A trashed media's files stay until the purge, for its owner and admins only.
    return row ? { isPublic: row.approved && row.online && !row.deletedAt, ownedBy: (id) => id === row.uploadedBy } : null;
  }
  if (area === "article_pics") {
    const [row] = await db
      .select({ id: articles.id, pic: articles.articlePic, approved: articles.approved, online: articles.online, deletedAt: articles.deletedAt })
      .from(articles)
      .where(or(names(articles.articlePic, file), names(articles.articlePicOriginal, file)))
      .limit(1);
    if (!row) {
      // A picture waiting in a pending edit (or kept by « Historique »): never public, its article's authors'.
      const [rev] = await db
        .select({ id: articleRevisions.articleId })
        .from(articleRevisions)
        .where(or(names(articleRevisions.articlePic, file), names(articleRevisions.articlePicOriginal, file)))
        .limit(1);
      return rev ? { isPublic: false, ownedBy: (userId) => coAuthor(db, rev.id, userId) } : null;
    }
    return {
      // Only the crop is ever shown; the original stays with the authors.
      isPublic: row.approved && row.online && !row.deletedAt && isFileOf(row.pic, file),
      // Any co-author may edit the article, hence see its pictures.
      ownedBy: (userId) => coAuthor(db, row.id, userId),
    };
  }
  if (area === "body_pics") {
    const [row] = await db.select({ name: bodyPictures.name, uploadedBy: bodyPictures.uploadedBy }).from(bodyPictures).where(names(bodyPictures.name, file)).limit(1);
    if (!row) return null;
    const shown = await db
      .select({ approved: articles.approved, online: articles.online, articleId: articles.id })
      .from(articleBodyPictures)
      .innerJoin(articles, eq(articles.id, articleBodyPictures.articleId))
      .where(eq(articleBodyPictures.name, row.name));
    return {
      isPublic: shown.some((a) => a.approved && a.online),
      // Its uploader, and the authors of any article showing it (co-authors edit that body too).
      ownedBy: async (userId) => {
        if (userId === row.uploadedBy) return true;
        if (shown.length === 0) return false;
        const [a] = await db
          .select({ userId: articleAuthors.userId })
          .from(articleAuthors)
          .where(and(inArray(articleAuthors.articleId, shown.map((s) => s.articleId)), eq(articleAuthors.userId, userId)))
          .limit(1);
        return a !== undefined;
      },
    };
  }
  if (area === "profile_pics") {
    const [row] = await db
      .select({ id: users.id, pic: users.profilePic })
      .from(users)
      .where(or(names(users.profilePic, file), names(users.profilePicOriginal, file)))
      .limit(1);
    return row ? { isPublic: isFileOf(row.pic, file), ownedBy: (id) => id === row.id } : null;
  }
  return null;
}

/**
 * Whether a signed-in member's session is held back for now (ADMIN_2FA=required, api/modules/auth/enrolment-gate.ts,
 * which the server passes in: the API's gate covers /api, this one /uploads).
 */
export type HeldBack = (user: UserRow) => boolean | Promise<boolean>;

/**
 * Access to a file outside the public set: "private" for its owners and for admins (session cookie or bearer
 * token), "public" when its content has just become public (the set is refreshed a moment after a change), null
 * otherwise, and null for anonymous visitors without touching the database.
 */
export async function privateUploadAccess(db: Db, request: Request, rel: string, heldBack?: HeldBack): Promise<UploadAccess> {
  const source = readToken(request);
  if (!source) return null;
  const slash = rel.indexOf("/");
  if (slash < 0) return null;
  const owned = await ownerOf(db, rel.slice(0, slash), rel.slice(slash + 1));
  if (!owned) return null;
  if (owned.isPublic) return "public";
  const viewer = await validateSessionToken(db, source.token).catch(() => null);
  if (!viewer) return null;
  // ADMIN_2FA=required: a session held back at enrolment opens no private file either (issue 30 §3).
  if (heldBack && (await heldBack(viewer.user))) return null;
  if (viewer.user.role === "admin") return "private";
  return (await owned.ownedBy(viewer.user.id)) ? "private" : null;
}

/**
 * The gate of the primary process: the public set first (no database work for the public site), then the
 * viewer's rights. `refresh()` after every content change.
 */
export class MediaFileGate {
  private files = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly heldBack?: HeldBack,
  ) {}

  /** Reloads the public set and returns it (for the static workers). */
  async refresh(): Promise<string[]> {
    const list = await publicUploadFiles(this.db);
    this.files = new Set(list);
    return list;
  }

  readonly gate = (request: Request, rel: string): UploadAccess | Promise<UploadAccess> =>
    isInPublicSet(this.files, rel) ? "public" : privateUploadAccess(this.db, request, rel, this.heldBack);
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
    if (isInPublicSet(this.files, rel)) return "public";
    return readToken(request) ? this.ask(request, rel) : null;
  };
}

/** Path of the primary's loopback route answering a worker's `ask` (204 private, 200 public, 404 refused). */
export const UPLOAD_ACCESS_PATH = "/_upload-access";
