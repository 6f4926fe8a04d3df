import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { ADMIN_UPLOAD_FACTOR } from "../../lib/account-limits";
import { authPlugin } from "../../plugins/auth";
import { UploadQuotaReport } from "./model";
import { MB, pendingBytesByMember } from "./service";

/**
 * The figures behind the members list's « En attente » column: apart from the members list, so paging or
 * searching that list changes nothing here (one grouped query over pending items, whatever the page).
 */
export const uploadQuotaAdminRoutes = (deps: Deps) =>
  new Elysia({ name: "upload-quota-admin" }).use(authPlugin(deps)).get(
    "/api/admin/upload-quota",
    async (): Promise<UploadQuotaReport> => {
      const pending = await pendingBytesByMember(deps.db);
      return {
        quotaBytes: deps.env.uploadPendingQuotaMb * MB,
        uploadsPerHour: deps.env.uploadsPerHour,
        adminUploadsPerHour: deps.env.uploadsPerHour * ADMIN_UPLOAD_FACTOR,
        members: [...pending].map(([_id, pendingBytes]) => ({ _id, pendingBytes })),
      };
    },
    { admin: true, response: { 200: UploadQuotaReport } },
  );
