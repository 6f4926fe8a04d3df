import { t, type Static } from "elysia";

/** GET /api/admin/upload-quota: the limits in force and each member's bytes waiting for approval. */
export const UploadQuotaReport = t.Object({
  /** UPLOAD_PENDING_QUOTA_MB in bytes; admins are exempt. */
  quotaBytes: t.Number(),
  /** Uploads a member may start per hour, and an admin. */
  uploadsPerHour: t.Number(),
  adminUploadsPerHour: t.Number(),
  /** Members with pending bytes (the others have none). */
  members: t.Array(t.Object({ _id: t.String(), pendingBytes: t.Number() })),
});

export type UploadQuotaReport = Static<typeof UploadQuotaReport>;
