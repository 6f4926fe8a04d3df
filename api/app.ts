import { Elysia } from "elysia";
import type { Deps } from "./deps";
import { articlesRoutes } from "./modules/articles";
import { auditRoutes } from "./modules/audit";
import { authRoutes } from "./modules/auth";
import { enrolmentGate } from "./modules/auth/enrolment-gate";
import { contactRoutes } from "./modules/contact";
import { eventsRoutes } from "./modules/events";
import { deliveryHoldRoutes } from "./modules/delivery-hold";
import { mailRoutes } from "./modules/mail";
import { mediaRoutes } from "./modules/media";
import { membersRoutes } from "./modules/members";
import { passwordResetRoutes } from "./modules/password-reset";
import { notificationRoutes } from "./modules/notifications";
import { registrationsRoutes } from "./modules/registrations";
import { newsletterRoutes } from "./modules/newsletter";
import { newsletterIssueRoutes } from "./modules/newsletter-issues";
import { siteRoutes } from "./modules/site";
import { statsRoutes } from "./modules/stats";
import { audienceRoutes } from "./modules/audience";
import { themesRoutes } from "./modules/themes";
import { trashModuleRoutes } from "./modules/trash";
import { uploadQuotaRoutes } from "./modules/upload-quota";
import { usersRoutes } from "./modules/users";
import { ownerPresentRoutes } from "./modules/owner-present";
import { accessGate } from "./plugins/access-gate";
import { auditPlugin } from "./plugins/audit";
import { bodyLimit, uploadRouteMatcher } from "./plugins/body-limit";
import { articleWriteMaxBytes, isArticleWrite } from "./modules/articles/body-size";
import { errors } from "./plugins/errors";
import { objectBodies } from "./plugins/object-body";
import { privateAnswers } from "./plugins/private-answers";
import { searchLimit } from "./plugins/search-limit";
import { uploadRate } from "./plugins/upload-rate";
import { routedPathCheck } from "./plugins/routed-path";
import { undecodableParams } from "./plugins/undecodable-params";

/** The whole API as one Elysia instance. Pure: no port, no global state; tests call `app.handle(request)`. */
export function createApp(deps: Deps) {
  // Upload routes (those reading their own body), found once in the app's route table at the first request.
  const isUpload = uploadRouteMatcher(() => app.routes);
  const app = new Elysia({ name: "api" })
    .use(errors)
    // First of all: no route runs on a URL whose path the router reads differently (a host under 4 characters).
    .use(routedPathCheck)
    // First: a body too large for its route is refused before anything reads it (upload routes from the table).
    .use(bodyLimit(deps.env, isUpload, { matches: isArticleWrite, maxBytes: articleWriteMaxBytes(deps.env.articleMaxChars) }))
    .use(privateAnswers)
    .use(undecodableParams)
    .use(objectBodies(isUpload))
    // Before the modules: the gate checks the caller before any body is read; the audit hook is global and
    // applies to the routes added after it.
    .use(accessGate(deps))
    // ADMIN_2FA=required: an administrator without two-factor may only enrol.
    .use(enrolmentGate(deps))
    .use(auditPlugin(deps))
    // Global hooks on the routes added after them: searches and uploads per account.
    .use(searchLimit(deps))
    .use(uploadRate(deps, isUpload))
    .use(membersRoutes(deps))
    .use(themesRoutes(deps))
    .use(mediaRoutes(deps))
    .use(articlesRoutes(deps))
    .use(eventsRoutes(deps))
    .use(contactRoutes(deps))
    .use(siteRoutes(deps))
    .use(authRoutes(deps))
    .use(passwordResetRoutes(deps))
    .use(usersRoutes(deps))
    .use(ownerPresentRoutes(deps))
    .use(statsRoutes(deps))
    .use(audienceRoutes(deps))
    .use(auditRoutes(deps))
    .use(uploadQuotaRoutes(deps))
    .use(mailRoutes(deps))
    .use(deliveryHoldRoutes(deps))
    .use(notificationRoutes(deps))
    .use(registrationsRoutes(deps))
    .use(trashModuleRoutes(deps))
    .use(newsletterRoutes(deps))
    .use(newsletterIssueRoutes(deps));
  return app;
}

export type App = ReturnType<typeof createApp>;
