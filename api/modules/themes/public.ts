import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { Theme, ThemeWithCount } from "./model";
import { listThemes, listThemesWithCount } from "./service";

export const themesPublicRoutes = ({ db }: Deps) =>
  new Elysia({ name: "themes-public" })
    .get("/api/public/themes", () => listThemes(db), { response: t.Array(Theme) })
    .get("/api/public/themes-with-count", () => listThemesWithCount(db), { response: t.Array(ThemeWithCount) });
