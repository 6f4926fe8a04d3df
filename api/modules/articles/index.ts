import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { adminArticleRoutes } from "./admin";
import { memberArticleRoutes } from "./member";
import { publicArticleRoutes } from "./public";
import { revisionRoutes } from "./revision-routes";

/** Article routes by audience, over one service (reads: service.ts, listing.ts; writes: writes.ts). */
export const articlesRoutes = (deps: Deps) =>
  new Elysia({ name: "articles" }).use(publicArticleRoutes(deps)).use(memberArticleRoutes(deps)).use(adminArticleRoutes(deps)).use(revisionRoutes(deps));
