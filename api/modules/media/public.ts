import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { Media } from "./model";
import { getPublicMedia, listMedia } from "./service";

/** What visitors and the static build read: approved and online media only. */
export const publicMediaRoutes = (deps: Deps) =>
  new Elysia({ name: "media-public" })
    .get("/api/public/media", () => listMedia(deps.db), { response: t.Array(Media) })
    .get("/api/public/media/:url", ({ params }) => getPublicMedia(deps.db, params.url), { response: { 200: Media } });
