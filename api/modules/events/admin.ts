import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { formValues, readFormFields } from "../../lib/form-fields";
import { authPlugin } from "../../plugins/auth";
import { rebuildPlugin } from "../../plugins/rebuild";
import { BulkResult } from "../../lib/bulk";
import { bulkEvents } from "./bulk";
import { readEventInput } from "./input";
import { adminEventList } from "./listing";
import { BulkEventsBody, DeletedEvent, Event, EventBody, EventOnline, EventPage, EventsQuery } from "./model";
import { createEvent, deleteEvent, toggleEventOnline, updateEvent } from "./service";

const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/** Reads the event form, multipart (the spec's call) or JSON. */
const readForm = async (request: Request, uploadsDir: string) =>
  readEventInput(formValues(EventBody, await readFormFields(request, uploadsDir)));

/** Event administration. Events have public pages, a calendar and an .ics feed: every write rebuilds. */
export const eventsAdminRoutes = (deps: Deps) =>
  new Elysia({ name: "events-admin" })
    .use(authPlugin(deps))
    .use(rebuildPlugin(deps))
    // The spec's array unless a page is asked for (the paged shape is opt-in: docs/DECISIONS.md).
    .get("/api/admin/events", ({ query }) => adminEventList(deps.db, query), {
      admin: true,
      query: EventsQuery,
      response: { 200: t.Union([t.Array(Event), EventPage]) },
    })
    // Many events at once: one journal entry per event (written by the route), one rebuild for the batch.
    .post("/api/admin/events/bulk", ({ body, viewer }) => bulkEvents(deps.db, body, { id: viewer.user.id, nickname: viewer.user.nickname }), {
      admin: true,
      body: BulkEventsBody,
      rebuild: () => ({ kind: "event" }),
      audit: "self",
      response: { 200: BulkResult },
    })
    .post(
      "/api/admin/events",
      async ({ request, set }) => {
        const event = await createEvent(deps.db, await readForm(request, deps.env.uploadsDir));
        set.status = 201;
        return event;
      },
      { admin: true, rebuild: "event", parse: "none", body: t.Optional(EventBody), response: { 201: Event } },
    )
    .put("/api/admin/events/:id", async ({ request, params }) => updateEvent(deps.db, params.id, await readForm(request, deps.env.uploadsDir), deps.env), {
      admin: true,
      rebuild: "event",
      parse: "none",
      body: t.Optional(EventBody),
      params: idParams,
      response: { 200: Event },
    })
    .put("/api/admin/events/:id/online", ({ params }) => toggleEventOnline(deps.db, params.id), {
      admin: true,
      rebuild: "event",
      params: idParams,
      response: { 200: EventOnline },
    })
    .delete("/api/admin/events/:id", ({ params }) => deleteEvent(deps.db, params.id), {
      admin: true,
      rebuild: "event",
      params: idParams,
      response: { 200: DeletedEvent },
    });
