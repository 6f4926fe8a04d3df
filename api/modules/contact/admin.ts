import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { BulkResult } from "../../lib/bulk";
import { bulkContact } from "./bulk";
import { adminContactList } from "./listing";
import { BulkContactBody, ContactMessage, ContactPage, ContactQuery, ContactRead, DeletedContact } from "./model";
import { deleteContactMessage, toggleContactRead } from "./service";

const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/** The messages of the contact form, for admins. Nothing here is public: no rebuild. */
export const contactAdminRoutes = (deps: Deps) =>
  new Elysia({ name: "contact-admin" })
    .use(authPlugin(deps))
    // The spec's array unless a page is asked for (the paged shape is opt-in: docs/DECISIONS.md).
    .get("/api/admin/contact", ({ query }) => adminContactList(deps.db, query), {
      admin: true,
      query: ContactQuery,
      response: { 200: t.Union([t.Array(ContactMessage), ContactPage]) },
    })
    // Many messages at once: one journal entry per message (written by the route).
    .post("/api/admin/contact/bulk", ({ body, viewer }) => bulkContact(deps.db, body, { id: viewer.user.id, nickname: viewer.user.nickname }), {
      admin: true,
      body: BulkContactBody,
      audit: "self",
      response: { 200: BulkResult },
    })
    .put("/api/admin/contact/:id/read", ({ params }) => toggleContactRead(deps.db, params.id), {
      admin: true,
      params: idParams,
      response: { 200: ContactRead },
    })
    .delete("/api/admin/contact/:id", ({ params }) => deleteContactMessage(deps.db, params.id), {
      admin: true,
      params: idParams,
      response: { 200: DeletedContact },
    });
