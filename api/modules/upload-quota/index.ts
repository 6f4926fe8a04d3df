import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { uploadQuotaAdminRoutes } from "./admin";

/** Per-member upload limits: the pending quota (service.ts, used by the upload routes) and its admin report. */
export const uploadQuotaRoutes = (deps: Deps) => new Elysia({ name: "upload-quota" }).use(uploadQuotaAdminRoutes(deps));
