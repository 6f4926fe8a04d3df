import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { Media } from "./model";
import { getPublicMedia, listMedia } from "./service";

export const mediaRoutes = ({ db }: Deps) =>
  new Elysia({ name: "media" })
    .get("/api/public/media", () => listMedia(db), { response: t.Array(Media) })
    .get("/api/public/media/:url", ({ params }) => getPublicMedia(db, params.url), { response: { 200: Media } });
