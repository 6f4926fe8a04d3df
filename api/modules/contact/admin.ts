import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { ContactMessage, ContactRead, DeletedContact } from "./model";
import { deleteContactMessage, listContactMessages, toggleContactRead } from "./service";

const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/** The messages of the contact form, for admins. Nothing here is public: no rebuild. */
export const contactAdminRoutes = (deps: Deps) =>
  new Elysia({ name: "contact-admin" })
    .use(authPlugin(deps))
    .get("/api/admin/contact", () => listContactMessages(deps.db), { admin: true, response: { 200: t.Array(ContactMessage) } })
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
