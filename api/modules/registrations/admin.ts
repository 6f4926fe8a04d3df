import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { rebuildPlugin } from "../../plugins/rebuild";
import { attendeeList, attendeesCsv, closeRegistration, messageAttendees, setCheckIn } from "./attendees";
import { addWalkIn, cancelByAdmin } from "./door";
import { AdminCancelAnswer, AdminRegistrationList, CheckInBody, EventIdParams, MessageAnswer, MessageBody, WalkInBody, WalkInAnswer } from "./model";

/**
 * Attendee lists, exports, check-in, walk-ins, cancellations, closing early and messages: admins only (the gate
 * refuses anyone else first).
 */
export const registrationsAdminRoutes = (deps: Deps) =>
  new Elysia({ name: "registrations-admin" })
    .use(authPlugin(deps))
    .use(rebuildPlugin(deps))
    .get("/api/admin/events/:id/registrations", ({ params }) => attendeeList(deps.db, params.id), {
      admin: true,
      params: EventIdParams,
      response: { 200: AdminRegistrationList },
    })
    .get(
      "/api/admin/events/:id/registrations.csv",
      async ({ params }) => {
        const csv = await attendeesCsv(deps.db, params.id);
        return new Response(csv.body, {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="${csv.filename.replace(/[^a-z0-9.-]/gi, "-")}"`,
            "cache-control": "private, no-store",
          },
        });
      },
      { admin: true, params: EventIdParams },
    )
    .put("/api/admin/registrations/:id/checkin", ({ params, body }) => setCheckIn(deps.db, params.id, body.checkedIn), {
      admin: true,
      params: EventIdParams,
      body: CheckInBody,
      response: { 200: t.Object({ _id: t.String(), name: t.String(), checkedInAt: t.Union([t.String(), t.Null()]) }) },
    })
    // At the door (issue 33 §3). Neither rebuilds: the event page reads its places from the availability route.
    .post(
      "/api/admin/events/:id/registrations/walk-in",
      async ({ params, body, set }) => {
        const answer = await addWalkIn(deps, params.id, body);
        set.status = 201;
        return answer;
      },
      { admin: true, params: EventIdParams, body: WalkInBody, response: { 201: WalkInAnswer } },
    )
    .post("/api/admin/registrations/:id/cancel", ({ params }) => cancelByAdmin(deps, params.id), {
      admin: true,
      params: EventIdParams,
      response: { 200: AdminCancelAnswer },
    })
    // The event page shows whether registration is open: closing rebuilds it, as any event write does.
    .post("/api/admin/events/:id/registrations/close", ({ params }) => closeRegistration(deps.db, params.id), {
      admin: true,
      rebuild: "event",
      params: EventIdParams,
      response: { 200: t.Object({ _id: t.String(), title: t.String(), message: t.String() }) },
    })
    .post("/api/admin/events/:id/registrations/message", ({ params, body }) => messageAttendees(deps, params.id, body.subject, body.text), {
      admin: true,
      params: EventIdParams,
      body: MessageBody,
      response: { 200: MessageAnswer },
    });
