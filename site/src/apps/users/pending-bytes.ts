/**
 * The « En attente » column of the members table: bytes a member has waiting for approval (media files, article
 * pictures) against the pending quota (UPLOAD_PENDING_QUOTA_MB, from /api/admin/upload-quota).
 */
import type { UploadQuotaReport } from "../../../../api/contract";

const MB = 1024 * 1024;
const megabytes = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });

/** « 12,5 Mo », a no-break space before the unit, as the API's refusals write it. */
export const formatMb = (bytes: number) => `${megabytes.format(bytes / MB)}\u00a0Mo`;

/** Pending bytes by member id (members without any are absent). */
export function pendingByMember(report: UploadQuotaReport | undefined): Map<string, number> {
  return new Map((report?.members ?? []).map((m) => [m._id, m.pendingBytes]));
}

/** The cell: « — » for nothing waiting, the size otherwise, and a word when the quota is reached. */
export function pendingText(bytes: number, quotaBytes: number | undefined): string {
  if (bytes <= 0) return "—";
  return quotaBytes !== undefined && bytes >= quotaBytes ? `${formatMb(bytes)} (quota atteint)` : formatMb(bytes);
}

/** The line under the heading: the quota and the upload rates in force. */
export function quotaSummary(report: UploadQuotaReport): string {
  return (
    `Fichiers en attente de validation\u00a0: ${formatMb(report.quotaBytes)} au plus par membre ` +
    `(administrateurs exemptés)\u00a0; ${report.uploadsPerHour} envois par heure (${report.adminUploadsPerHour} pour un administrateur).`
  );
}
