import type { Deps } from "../../deps";
import { resendNewsletterConfirmation } from "../newsletter/resend";
import { resendAccountLink } from "../password-reset/resend";
import { resendRegistrationLink } from "../registrations/resend";
import { mailAdminRoutes } from "./admin";
import type { Resenders } from "./resend";

/**
 * What « Renvoyer » does for each kind of message that holds a masked link (resend.ts): the features' own
 * resenders, named here so the mail module itself depends on none of them.
 */
export const RESENDERS: Resenders = {
  "password-reset": resendAccountLink,
  invitation: resendAccountLink,
  "newsletter-confirm": resendNewsletterConfirmation,
  "registration-confirm": resendRegistrationLink,
  "registration-confirmed": resendRegistrationLink,
  "registration-waiting": resendRegistrationLink,
  "registration-known": resendRegistrationLink,
};

/**
 * Mail (CONTEXT.md): features enqueue with service.ts, the worker (worker.ts) delivers, admins read the outbox
 * through these routes.
 */
export const mailRoutes = (deps: Deps) => mailAdminRoutes(deps, RESENDERS);
