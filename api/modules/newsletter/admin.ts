import { Elysia, t } from "elysia";
import { eq } from "drizzle-orm";
import { newsletterSubscribers } from "../../../db/schema";
import type { Deps } from "../../deps";
import { NotFoundError } from "../../lib/errors";
import { authPlugin } from "../../plugins/auth";
import { recordAudits } from "../audit/service";
import { adminSubscriberList, subscribersCsv } from "./admin-list";
import { MessageAnswer, SubscriberExportQuery, SubscriberPage, SubscriberQuery } from "./model";

const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/**
 * « Lettre d'information » for admins: the subscribers, their CSV export and their deletion (personal data).
 * The deletion is journaled by the audit plugin like every admin write, without the address (the person asked to
 * be forgotten); the export, a read, journals itself: it takes personal data out of the site.
 */
export const newsletterAdminRoutes = (deps: Deps) =>
  new Elysia({ name: "newsletter-admin" })
    .use(authPlugin(deps))
    .get("/api/admin/newsletter/subscribers", ({ query }) => adminSubscriberList(deps.db, query), {
      admin: true,
      query: SubscriberQuery,
      response: { 200: SubscriberPage },
    })
    .get(
      "/api/admin/newsletter/subscribers/export",
      async ({ query, viewer, set }) => {
        const csv = await subscribersCsv(deps.db, query);
        const lines = csv.split("\r\n").length - 2;
        await recordAudits(deps.db, [{
          userId: viewer.user.id,
          actor: viewer.user.nickname,
          action: "export",
          route: "GET /api/admin/newsletter/subscribers/export",
          itemKind: "newsletter",
          itemId: null,
          title: "",
          summary: `Export CSV des abonnés (${lines} ligne${lines > 1 ? "s" : ""}${query.state ? `, état ${query.state}` : ""})`,
        }]);
        set.headers["content-type"] = "text/csv; charset=utf-8";
        set.headers["content-disposition"] = `attachment; filename="abonnes-lettre-${new Date().toISOString().slice(0, 10)}.csv"`;
        return csv;
      },
      { admin: true, query: SubscriberExportQuery },
    )
    .delete(
      "/api/admin/newsletter/subscribers/:id",
      async ({ params }) => {
        const gone = await deps.db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, params.id)).returning({ id: newsletterSubscribers.id });
        if (gone.length === 0) throw new NotFoundError("Abonné introuvable.");
        return { message: "Abonné supprimé." };
      },
      { admin: true, params: idParams, response: { 200: MessageAnswer } },
    );
