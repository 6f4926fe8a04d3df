/**
 * ADMIN_2FA=required: an administrator without two-factor holds a session that opens nothing but their own
 * account and the enrolment routes, until they have confirmed an authenticator app. The restriction is worked
 * out on each request from the account (role, TOTP row), not stored on the session: sessions opened before the
 * setting was turned on, or before a member was made administrator, are held back just the same, and the first
 * right code frees every session at once. Only administrators' requests pay the extra lookup.
 */
import { Elysia } from "elysia";
import type { Db } from "../../../db/client";
import type { UserRow } from "../../../db/schema";
import type { Deps } from "../../deps";
import type { Env } from "../../env";
import { ForbiddenError } from "../../lib/errors";
import { audienceOf } from "../../plugins/access-gate";
import { viewerOf } from "../../plugins/auth";
import { totpEnabled } from "./two-factor";

export const ENROL_FIRST =
  "Les administrateurs doivent activer la double authentification : rendez-vous dans votre profil (Mon profil) pour l'activer.";

/** What a held-back session may still call: who am I, and the two-factor screen's own routes. */
const OPEN_WHILE_ENROLLING = [
  /^GET \/api\/user\/me$/,
  /^(GET|POST|DELETE) \/api\/user\/me\/two-factor(\/.*)?$/,
  // The owner-present step's needs (turning two-factor on asks for the password).
  /^GET \/api\/user\/me\/owner-proof$/,
];

/** True when this member must enrol before using their session. */
export async function mustEnrol(db: Db, env: Pick<Env, "admin2fa">, user: UserRow): Promise<boolean> {
  return env.admin2fa === "required" && user.role === "admin" && !(await totpEnabled(db, user.id));
}

/** The same hold for the uploads' gate (api/lib/uploads/visibility.ts): a held-back session reads no private file. */
export const heldBackAtEnrolment =
  (deps: Pick<Deps, "db" | "env">) =>
  (user: UserRow): Promise<boolean> =>
    mustEnrol(deps.db, deps.env, user);

export const enrolmentGate = (deps: Deps) =>
  new Elysia({ name: "enrolment-gate" }).onRequest(async ({ request }) => {
    if (deps.env.admin2fa !== "required") return;
    const { pathname } = new URL(request.url);
    if (audienceOf(pathname) === "public") return;
    const viewer = await viewerOf(deps, request);
    if (!viewer || viewer.user.role !== "admin") return;
    const call = `${request.method} ${pathname.replace(/\/+$/, "")}`;
    if (OPEN_WHILE_ENROLLING.some((r) => r.test(call))) return;
    if (await mustEnrol(deps.db, deps.env, viewer.user)) throw new ForbiddenError(ENROL_FIRST);
  });
