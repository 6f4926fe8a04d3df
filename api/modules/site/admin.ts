import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { rebuildPlugin } from "../../plugins/rebuild";
import { SiteStatus } from "./model";
import { siteStatus } from "./service";

/** The « Site » screen: the live build, a build in progress, the last failure, and a manual rebuild. */
export const siteAdminRoutes = (deps: Deps) =>
  new Elysia({ name: "site-admin" })
    .use(authPlugin(deps))
    .use(rebuildPlugin(deps))
    .get("/api/admin/site", () => siteStatus(deps.builder), { admin: true, response: { 200: SiteStatus } })
    .post(
      "/api/admin/site/rebuild",
      ({ set }) => {
        // The rebuild option asks for the build once this answer is sent; the screen then follows it.
        set.status = 202;
        return { message: "Reconstruction demandée." };
      },
      { admin: true, rebuild: "site", response: { 202: t.Object({ message: t.String() }) } },
    );
