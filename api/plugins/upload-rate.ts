/**
 * Uploads per account and per hour (UPLOADS_PER_HOUR for members, ten times that for admins): every multipart
 * request to a route that reads its own body (an upload route, found in the app's route table like the body
 * limits) counts, refused or not, before a byte of it is read. Measured before: one member stored 500 MB of
 * never-approved media in 1.4 s. The pending quota (api/modules/upload-quota) bounds what waits; this bounds how
 * fast anything, profile pictures included, can be sent.
 */
import { Elysia } from "elysia";
import type { Deps } from "../deps";
import { accountLimitsOf, ADMIN_UPLOAD_FACTOR } from "../lib/account-limits";
import { TooManyRequestsError } from "../lib/errors";
import { pluralWord } from "../lib/plural";
import { isMultipart } from "../lib/uploads/multipart";
import { viewerOf } from "./auth";
import type { UploadRouteMatcher } from "./body-limit";

export const uploadRateMessage = (perHour: number, waitSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  return `Trop d'envois de fichiers (${perHour} par heure au plus). Réessayez dans ${minutes} ${pluralWord(minutes, "minute")}.`;
};

export const uploadRate = (deps: Deps, isUpload: UploadRouteMatcher) =>
  new Elysia({ name: "upload-rate" }).onBeforeHandle({ as: "global" }, async ({ request, route }) => {
    // `route` is the pattern the router ran, which the matcher recognises as itself.
    if (!isMultipart(request) || !isUpload(request.method, route)) return;
    const viewer = await viewerOf(deps, request);
    if (!viewer) return; // the access gate and the route guard answer 401
    const admin = viewer.user.role === "admin";
    const limits = accountLimitsOf(deps);
    const wait = await (admin ? limits.adminUploads : limits.memberUploads).take(`upload:${viewer.user.id}`);
    if (wait > 0) {
      const perHour = deps.env.uploadsPerHour * (admin ? ADMIN_UPLOAD_FACTOR : 1);
      throw new TooManyRequestsError(uploadRateMessage(perHour, wait), wait);
    }
  });
