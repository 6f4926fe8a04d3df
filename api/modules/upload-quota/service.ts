/**
 * The pending quota (issue 18 §3): bytes a member has waiting for an admin, i.e. the files of their media and the
 * pictures of the articles they author that are not approved. An approved item leaves the count; a member's edit
 * sends it back. Profile pictures do not count: a member has one at a time (its original and crop), replaced
 * files are deleted, so they cannot pile up; their uploads still count against the hourly rate.
 *
 * Pictures inside article bodies count for their uploader until an approved article shows them.
 *
 * Bytes are those received (the upload as sent, checked while it streams), recorded on the row when it is kept.
 * Admins are exempt: what they upload is approved at once, and they have their own upload rate.
 * A deletion does not free the quota: a trashed item's files stay on disk until the purge (30 days, or « Supprimer
 * définitivement » in « Corbeille », which a member may do for their own), so they count until then (issue 30 §5:
 * an upload/delete loop grew a member's folder by 8 MB under a 3 MB quota, bounded only by the hourly rate).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articleAuthors, articleBodyPictures, articles, bodyPictures, media } from "../../../db/schema";
import type { Deps } from "../../deps";
import { accountLimitsOf } from "../../lib/account-limits";
import { PayloadTooLargeError, TooManyRequestsError } from "../../lib/errors";
import { limitUploadBytes } from "../../lib/uploads/form";
import { isMultipart } from "../../lib/uploads/multipart";

export const MB = 1024 * 1024;

/** A quota-counted upload of a member holds their lock at most this long (a lost connection frees it then). */
const UPLOAD_LOCK_MS = 30 * 60_000;

/** Bytes of one member's media and article pictures waiting for approval, in the trash or not (until purged). */
export async function pendingBytesOf(db: Db, userId: string): Promise<number> {
  const [files] = await db
    .select({ bytes: sql<number>`coalesce(sum(${media.fileBytes}), 0)` })
    .from(media)
    .where(and(eq(media.uploadedBy, userId), eq(media.approved, false)));
  const [pictures] = await db
    .select({ bytes: sql<number>`coalesce(sum(${articles.articlePicBytes} + ${articles.articlePicOriginalBytes}), 0)` })
    .from(articles)
    .innerJoin(articleAuthors, eq(articleAuthors.articleId, articles.id))
    .where(and(eq(articleAuthors.userId, userId), eq(articles.approved, false)));
  const [body] = await db
    .select({ bytes: sql<number>`coalesce(sum(${bodyPictures.bytes}), 0)` })
    .from(bodyPictures)
    .where(and(eq(bodyPictures.uploadedBy, userId), notShownByApproved));
  return Number(files?.bytes ?? 0) + Number(pictures?.bytes ?? 0) + Number(body?.bytes ?? 0);
}

/** A body picture no approved article shows yet. */
const notShownByApproved = sql`not exists (select 1 from ${articleBodyPictures} join ${articles} on ${articles.id} = ${articleBodyPictures.articleId}
  where ${articleBodyPictures.name} = ${bodyPictures.name} and ${articles.approved} = 1)`;

/** Pending bytes of every member who has any, by user id (the admin members list). */
export async function pendingBytesByMember(db: Db): Promise<Map<string, number>> {
  const files = await db
    .select({ userId: media.uploadedBy, bytes: sql<number>`sum(${media.fileBytes})` })
    .from(media)
    .where(eq(media.approved, false))
    .groupBy(media.uploadedBy);
  const pictures = await db
    .select({ userId: articleAuthors.userId, bytes: sql<number>`sum(${articles.articlePicBytes} + ${articles.articlePicOriginalBytes})` })
    .from(articles)
    .innerJoin(articleAuthors, eq(articleAuthors.articleId, articles.id))
    .where(eq(articles.approved, false))
    .groupBy(articleAuthors.userId);
  const body = await db
    .select({ userId: bodyPictures.uploadedBy, bytes: sql<number>`sum(${bodyPictures.bytes})` })
    .from(bodyPictures)
    .where(notShownByApproved)
    .groupBy(bodyPictures.uploadedBy);
  const total = new Map<string, number>();
  for (const { userId, bytes } of [...files, ...pictures, ...body]) {
    if (userId && Number(bytes) > 0) total.set(userId, (total.get(userId) ?? 0) + Number(bytes));
  }
  return total;
}

const megabytes = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });

/** « 12,5 Mo » (a no-break space before the unit). */
export const formatMb = (bytes: number) => `${megabytes.format(bytes / MB)}\u00a0Mo`;

export const quotaMessage = (pending: number, quota: number) =>
  `Quota de fichiers en attente atteint (${formatMb(pending)} sur ${formatMb(quota)}). ` +
  "Attendez la validation de vos envois ou supprimez-en définitivement depuis la corbeille.";

export const UPLOAD_IN_PROGRESS_MESSAGE = "Un autre de vos envois est en cours\u00a0: réessayez quand il sera terminé.";

/**
 * Runs a member's write that may store a file under their pending quota: the file of `request` may not take the
 * member past UPLOAD_PENDING_QUOTA_MB (413 before the body is read when the quota is already used, else as soon as
 * the stream passes it: no file is kept and no row written). One such upload per member at a time (429 for a
 * second one in parallel), so the total read here stays true until the row that adds to it is written.
 * Admins, and requests without a file, pass straight through.
 */
export async function withPendingQuota<T>(
  deps: Deps,
  user: { id: string; role: string },
  request: Request,
  work: () => Promise<T>,
): Promise<T> {
  if (user.role === "admin" || !isMultipart(request)) return work();
  const release = await accountLimitsOf(deps).uploadLocks.acquire(`upload:${user.id}`, UPLOAD_LOCK_MS);
  if (!release) throw new TooManyRequestsError(UPLOAD_IN_PROGRESS_MESSAGE, 5);
  try {
    const quota = deps.env.uploadPendingQuotaMb * MB;
    const pending = await pendingBytesOf(deps.db, user.id);
    // Not refused here when the quota is used up: a form without a file (a title edit) still goes through, and
    // any file is refused from its declared length or at its first bytes.
    limitUploadBytes(request, { bytes: Math.max(0, quota - pending), refuse: () => new PayloadTooLargeError(quotaMessage(pending, quota)) });
    return await work();
  } finally {
    await release();
  }
}
