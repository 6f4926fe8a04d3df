import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { idList, idsQuery } from "../../lib/ids-query";
import { strict } from "../../lib/strict-schema";
import { Media } from "./model";
import { getPublicMedia, listMedia, publicMediaByIds } from "./service";

/** What visitors and the static build read: approved and online media only. */
export const publicMediaRoutes = (deps: Deps) =>
  new Elysia({ name: "media-public" })
    .get("/api/public/media", () => listMedia(deps.db), { response: t.Array(Media) })
    // The media the change feed named, when public (the site build, issue 31 §1). Not under /api/public/media/:
    // that is one media's address.
    .get("/api/public/media-by-ids", ({ query }) => publicMediaByIds(deps.db, idList(query.ids)), {
      query: strict(t.Object({ ids: idsQuery("de médias") })),
      response: t.Array(Media),
    })
    .get("/api/public/media/:url", ({ params }) => getPublicMedia(deps.db, params.url), { response: { 200: Media } });
