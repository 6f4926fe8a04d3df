import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { AuditPage, AuditQuery } from "./model";
import { listAudit } from "./service";

export const auditAdminRoutes = (deps: Deps) =>
  new Elysia({ name: "audit-admin" })
    .use(authPlugin(deps))
    .get("/api/admin/audit", ({ query }) => listAudit(deps.db, query), {
      admin: true,
      query: AuditQuery,
      response: { 200: AuditPage },
    });
