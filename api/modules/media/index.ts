import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { Media } from "./model";
import { getMediaFor, getPublicMedia, listMedia } from "./service";

export const mediaRoutes = (deps: Deps) =>
  new Elysia({ name: "media" })
    .use(authPlugin(deps))
    .get("/api/public/media", () => listMedia(deps.db), { response: t.Array(Media) })
    .get("/api/public/media/:url", ({ params }) => getPublicMedia(deps.db, params.url), { response: { 200: Media } })
    .get("/api/user/media/:url", ({ params, viewer }) => getMediaFor(deps.db, params.url, viewer.user), {
      signedIn: true,
      response: { 200: Media },
    })
    .get("/api/admin/media/:url", ({ params, viewer }) => getMediaFor(deps.db, params.url, viewer.user), {
      admin: true,
      response: { 200: Media },
    });
