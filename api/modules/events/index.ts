import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { Event } from "./model";
import { getPublicEvent, listEvents } from "./service";

export const eventsRoutes = ({ db }: Deps) =>
  new Elysia({ name: "events" })
    .get("/api/public/events", () => listEvents(db), { response: t.Array(Event) })
    .get("/api/public/event/:url", ({ params }) => getPublicEvent(db, params.url), { response: { 200: Event } });
