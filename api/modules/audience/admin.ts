import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { audienceCsv } from "./csv";
import { AudienceQuery, AudienceReport } from "./model";
import { audienceReport } from "./service";

/** « Audience » for administrators: the report of a period, and all of it as CSV. */
export const audienceAdminRoutes = (deps: Deps) =>
  new Elysia({ name: "audience-admin" })
    .use(authPlugin(deps))
    .get("/api/admin/audience", ({ query }) => audienceReport(deps.db, query.period ?? "30d", deps.now?.() ?? new Date()), {
      admin: true,
      query: AudienceQuery,
      response: { 200: AudienceReport },
    })
    .get(
      "/api/admin/audience/export",
      async ({ query, set }) => {
        const period = query.period ?? "30d";
        const report = await audienceReport(deps.db, period, deps.now?.() ?? new Date(), Number.POSITIVE_INFINITY);
        set.headers["content-type"] = "text/csv; charset=utf-8";
        set.headers["content-disposition"] = `attachment; filename="audience-${period}-${report.to}.csv"`;
        return audienceCsv(report);
      },
      { admin: true, query: AudienceQuery },
    );
