import { Elysia } from "elysia";
import type { Deps } from "./deps";
import { articlesRoutes } from "./modules/articles";
import { authRoutes } from "./modules/auth";
import { contactRoutes } from "./modules/contact";
import { eventsRoutes } from "./modules/events";
import { mediaRoutes } from "./modules/media";
import { membersRoutes } from "./modules/members";
import { siteRoutes } from "./modules/site";
import { themesRoutes } from "./modules/themes";
import { usersRoutes } from "./modules/users";
import { bodyLimit, type RouteTable } from "./plugins/body-limit";
import { errors } from "./plugins/errors";
import { privateAnswers } from "./plugins/private-answers";
import { undecodableParams } from "./plugins/undecodable-params";

/** The whole API as one Elysia instance. Pure: no port, no global state; tests call `app.handle(request)`. */
export function createApp(deps: Deps) {
  const app = new Elysia({ name: "api" })
    .use(errors)
    // First: a body too large for its route is refused before anything reads it (upload routes from the table).
    .use(bodyLimit(deps.env, (): RouteTable => app.routes))
    .use(privateAnswers)
    .use(undecodableParams)
    .use(membersRoutes(deps))
    .use(themesRoutes(deps))
    .use(mediaRoutes(deps))
    .use(articlesRoutes(deps))
    .use(eventsRoutes(deps))
    .use(contactRoutes(deps))
    .use(siteRoutes(deps))
    .use(authRoutes(deps))
    .use(usersRoutes(deps));
  return app;
}

export type App = ReturnType<typeof createApp>;
