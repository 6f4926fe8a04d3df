import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { idList, idsQuery } from "../../lib/ids-query";
import { strict } from "../../lib/strict-schema";
import { Event } from "./model";
import { getPublicEvent, listEvents, publicEventsByIds } from "./service";

export const eventsPublicRoutes = ({ db }: Deps) =>
  new Elysia({ name: "events-public" })
    .get("/api/public/events", () => listEvents(db), { response: t.Array(Event) })
    // The events the change feed named, when public (the site build, issue 31 §1).
    .get("/api/public/events-by-ids", ({ query }) => publicEventsByIds(db, idList(query.ids)), {
      query: strict(t.Object({ ids: idsQuery("d’événements") })),
      response: t.Array(Event),
    })
    .get("/api/public/event/:url", ({ params }) => getPublicEvent(db, params.url), { response: { 200: Event } });
