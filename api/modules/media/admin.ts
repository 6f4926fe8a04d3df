import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { strict } from "../../lib/strict-schema";
import { readUploadForm } from "../../lib/uploads/form";
import { authPlugin } from "../../plugins/auth";
import { rebuildPlugin } from "../../plugins/rebuild";
import { Done } from "../articles/model";
import { adminMediaList } from "./listing";
import { bulkMedia } from "./bulk";
import { AdminMediaQuery, BulkMediaBody, Media, MediaBody, MediaPage, MediaState } from "./model";
import { BulkResult } from "../../lib/bulk";
import { findMedia } from "./service";
import { createMedia, deleteMedia, mediaFileRule, setMediaFlag, updateMedia } from "./writes";

/** A toggle changes what the public sees only when the other flag already lets the media through. */
const visibleChange = (other: "approved" | "online") => ({ response }: { response: unknown }) => {
  const state = response as MediaState;
  return state[other] ? { kind: "media" as const, id: state._id } : null;
};

const ApproveBody = strict(t.Optional(t.Object({ approved: t.Optional(t.Boolean({ error: "Valeur invalide." })) })));
const OnlineBody = strict(t.Optional(t.Object({ online: t.Optional(t.Boolean({ error: "Valeur invalide." })) })));

/** The back office (/api/admin/media): every media in any state and the moderation toggles. */
export const adminMediaRoutes = (deps: Deps) => {
  const { db } = deps;
  const uploadsDir = deps.env.uploadsDir;
  const rule = mediaFileRule(deps.env.uploadMaxMb * 1024 * 1024);
  const admin = (viewer: { user: { id: string; nickname: string } }) => ({ id: viewer.user.id, nickname: viewer.user.nickname, admin: true });
  const form = (request: Request) => () => readUploadForm(request, { uploadsDir, file: rule });
  return (
    new Elysia({ name: "media-admin" })
      .use(authPlugin(deps))
      .use(rebuildPlugin(deps))
      // The spec's array, newest first, unless a page is asked for (the paged shape is opt-in: docs/DECISIONS.md).
      .get("/api/admin/media", ({ query }) => adminMediaList(db, query), {
        admin: true,
        query: AdminMediaQuery,
        response: { 200: t.Union([t.Array(Media), MediaPage]) },
      })
      // Many media at once: one journal entry per media (written by the route), one rebuild for the batch.
      .post("/api/admin/media/bulk", ({ body, viewer }) => bulkMedia(db, uploadsDir, body, { id: viewer.user.id, nickname: viewer.user.nickname }), {
        admin: true,
        body: BulkMediaBody,
        rebuild: () => ({ kind: "media" }),
        audit: "self",
        response: { 200: BulkResult },
      })
      // By id or by url.
      .get("/api/admin/media/:id", ({ params }) => findMedia(db, params.id), { admin: true, response: { 200: Media } })
      .post("/api/admin/media", ({ viewer, request }) => createMedia(db, uploadsDir, form(request), admin(viewer)), {
        admin: true,
        parse: "none",
        body: t.Optional(MediaBody),
        rebuild: "media",
        response: { 200: Media },
      })
      .put("/api/admin/media/:id", ({ params, viewer, request }) => updateMedia(db, uploadsDir, params.id, form(request), admin(viewer)), {
        admin: true,
        parse: "none",
        body: t.Optional(MediaBody),
        rebuild: "media",
        response: { 200: Media },
      })
      .delete("/api/admin/media/:id", ({ params, viewer }) => deleteMedia(db, params.id, admin(viewer)), {
        admin: true,
        // The move to the trash journals itself (action « trash »), for members too.
        audit: "self",
        rebuild: "media",
        response: { 200: Done },
      })
      .put("/api/admin/media/:id/approve", ({ params, body }) => setMediaFlag(db, params.id, "approved", body?.approved), {
        admin: true,
        body: ApproveBody,
        rebuild: visibleChange("online"),
        response: { 200: MediaState },
      })
      .put("/api/admin/media/:id/online", ({ params, body }) => setMediaFlag(db, params.id, "online", body?.online), {
        admin: true,
        body: OnlineBody,
        rebuild: visibleChange("approved"),
        response: { 200: MediaState },
      })
  );
};
