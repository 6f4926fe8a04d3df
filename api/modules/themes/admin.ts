import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { rebuildPlugin } from "../../plugins/rebuild";
import { BulkResult } from "../../lib/bulk";
import { bulkThemes } from "./bulk";
import { adminThemeList } from "./listing";
import { AdminTheme, BulkThemesBody, DeletedTheme, Theme, ThemeBody, ThemePage, ThemesQuery } from "./model";
import { createTheme, deleteTheme, updateTheme } from "./service";

const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/** Theme administration (JSON, as the spec's calls). Themes name pages and feeds: every write rebuilds. */
export const themesAdminRoutes = (deps: Deps) =>
  new Elysia({ name: "themes-admin" })
    .use(authPlugin(deps))
    .use(rebuildPlugin(deps))
    // The spec's array unless a page is asked for (the paged shape is opt-in: docs/DECISIONS.md).
    .get("/api/admin/themes", ({ query }) => adminThemeList(deps.db, query), {
      admin: true,
      query: ThemesQuery,
      response: { 200: t.Union([t.Array(AdminTheme), ThemePage]) },
    })
    // Many themes at once: one journal entry per theme (written by the route), one rebuild for the batch.
    .post("/api/admin/themes/bulk", ({ body, viewer }) => bulkThemes(deps.db, body, { id: viewer.user.id, nickname: viewer.user.nickname }), {
      admin: true,
      body: BulkThemesBody,
      rebuild: () => ({ kind: "theme" }),
      audit: "self",
      response: { 200: BulkResult },
    })
    .post(
      "/api/admin/themes",
      async ({ body, set }) => {
        set.status = 201;
        return createTheme(deps.db, body);
      },
      { admin: true, rebuild: "theme", body: ThemeBody, response: { 201: Theme } },
    )
    .put("/api/admin/themes/:id", ({ params, body }) => updateTheme(deps.db, params.id, body), {
      admin: true,
      rebuild: "theme",
      params: idParams,
      body: ThemeBody,
      response: { 200: Theme },
    })
    .delete("/api/admin/themes/:id", ({ params }) => deleteTheme(deps.db, params.id), {
      admin: true,
      rebuild: "theme",
      params: idParams,
      response: { 200: DeletedTheme },
    });
