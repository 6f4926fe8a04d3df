import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { Event } from "./model";
import { getPublicEvent, listEvents } from "./service";

export const eventsPublicRoutes = ({ db }: Deps) =>
  new Elysia({ name: "events-public" })
    .get("/api/public/events", () => listEvents(db), { response: t.Array(Event) })
    .get("/api/public/event/:url", ({ params }) => getPublicEvent(db, params.url), { response: { 200: Event } });
