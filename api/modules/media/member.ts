import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { readUploadForm } from "../../lib/uploads/form";
import { authPlugin } from "../../plugins/auth";
import { rebuildPlugin } from "../../plugins/rebuild";
import { withPendingQuota } from "../upload-quota/service";
import { Done } from "../articles/model";
import { memberMediaList } from "./listing";
import { Media, MediaBody, MediaPage, MemberMediaQuery } from "./model";
import { getMediaFor } from "./service";
import { createMedia, deleteMedia, mediaFileRule, updateMedia } from "./writes";

/**
 * The member space (/api/user/media): the caller's uploads in any state next to the community's public media.
 * A member writes only what they uploaded (403 otherwise) and what they write waits for an admin.
 */
export const memberMediaRoutes = (deps: Deps) => {
  const { db } = deps;
  const uploadsDir = deps.env.uploadsDir;
  const rule = mediaFileRule(deps.env.uploadMaxMb * 1024 * 1024);
  const me = (viewer: { user: { id: string; nickname: string } }) => ({ id: viewer.user.id, nickname: viewer.user.nickname, admin: false });
  // Multipart with a file, or JSON: read as it streams by the upload reader (parse: "none"), after the guard.
  const form = (request: Request) => () => readUploadForm(request, { uploadsDir, file: rule });
  // A member's new file waits for approval: it must fit in their pending quota (admins are exempt).
  const quota = <T>(viewer: { user: { id: string; role: string } }, request: Request, write: () => Promise<T>) =>
    withPendingQuota(deps, viewer.user, request, write);
  return (
    new Elysia({ name: "media-member" })
      .use(authPlugin(deps))
      .use(rebuildPlugin(deps))
      // The spec's array unless a page is asked for (the paged shape is opt-in: docs/DECISIONS.md).
      .get("/api/user/media", ({ viewer, query }) => memberMediaList(db, viewer.user.id, query), {
        signedIn: true,
        query: MemberMediaQuery,
        response: { 200: t.Union([t.Array(Media), MediaPage]) },
      })
      // By id (the edit form) or by url (the site's preview of an uploader's unpublished media).
      .get("/api/user/media/:id", ({ params, viewer }) => getMediaFor(db, params.id, viewer.user), {
        signedIn: true,
        response: { 200: Media },
      })
      // A new media is pending: nothing the public sees changes, so no rebuild.
      .post("/api/user/media", ({ viewer, request }) => quota(viewer, request, () => createMedia(db, uploadsDir, form(request), me(viewer))), {
        signedIn: true,
        parse: "none",
        body: t.Optional(MediaBody),
        rebuild: () => null,
        response: { 200: Media },
      })
      .put("/api/user/media/:id", ({ params, viewer, request }) => quota(viewer, request, () => updateMedia(db, uploadsDir, params.id, form(request), me(viewer))), {
        signedIn: true,
        parse: "none",
        body: t.Optional(MediaBody),
        rebuild: "media",
        response: { 200: Media },
      })
      .delete("/api/user/media/:id", ({ params, viewer }) => deleteMedia(db, params.id, me(viewer)), {
        signedIn: true,
        rebuild: "media",
        response: { 200: Done },
      })
  );
};
