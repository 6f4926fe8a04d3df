import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { AudienceQuery, AuthorAudience } from "./model";
import { authorAudience } from "./service";

/** An author's own figures on their dashboard: the viewer's articles only, whoever asks. */
export const audienceMemberRoutes = (deps: Deps) =>
  new Elysia({ name: "audience-member" })
    .use(authPlugin(deps))
    .get("/api/user/audience", ({ query, viewer }) => authorAudience(deps.db, viewer.user.id, query.period ?? "30d", deps.now?.() ?? new Date()), {
      signedIn: true,
      query: AudienceQuery,
      response: { 200: AuthorAudience },
    });
