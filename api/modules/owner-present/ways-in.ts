/**
 * The ways into an account, and the one list of routes that add, remove or replace one. Every route below runs the
 * owner-present step (./service.ts) before it changes anything: a session alone, however it was obtained (a shared
 * computer, a copied token), must never become lasting access (issue 30 §1). ./borrowed-session.test.ts calls each
 * of them with a borrowed session and nothing else, and walks the route table so that no other write of
 * /api/user/me* is left off this list. A Google link is never added from a session: only a first Google sign-in
 * whose verified e-mail is the member's makes it (api/modules/auth/google.ts), and the owner is mailed then too.
 * The admins' member form refuses an admin's own e-mail, alias and password (the profile is the way), and asks the
 * admin's own step for another member's (api/modules/users/service.ts): a borrowed admin session must not replace
 * someone else's way in either.
 */

/** What a guarded change touches, with its French purpose (« … pour <purpose>. » in the step's refusals). */
/**
 * The `part` of a refusal of the owner-present step itself (a missing or wrong password, code or passkey, too many
 * tries, a sign-in too old): forms show it at the proof's fields, their other refusals elsewhere.
 */
export const OWNER_PROOF_PART = "ownerProof";

export const WAYS_IN = {
  identity: "changer votre adresse e-mail ou votre alias",
  password: "changer de mot de passe",
  "google-unlink": "dissocier votre compte Google",
  "totp-on": "activer la double authentification",
  "totp-off": "désactiver la double authentification",
  "recovery-codes": "créer de nouveaux codes de secours",
  "passkey-add": "ajouter une clé d'accès",
  "passkey-remove": "supprimer une clé d'accès",
  "unlock-member": "désactiver la double authentification d'un membre",
  "member-identity": "changer l'adresse e-mail, l'alias ou le mot de passe d'un membre",
} as const;

export type WayIn = keyof typeof WAYS_IN;

/**
 * Every route that changes a way in. `PUT /api/user/me` and `PUT /api/user/profile` ask for the step only when the
 * e-mail, the alias or the password changes (a new biography needs no password); so do the admins' member form
 * routes, for another member's e-mail, alias or password (names, role, groups… need no proof).
 */
export const GUARDED_ROUTES: readonly string[] = [
  "PUT /api/user/me",
  "PUT /api/user/profile",
  "DELETE /api/user/me/google",
  "POST /api/user/me/two-factor/totp/confirm",
  "DELETE /api/user/me/two-factor/totp",
  "POST /api/user/me/two-factor/recovery-codes",
  "POST /api/user/me/passkeys",
  "DELETE /api/user/me/passkeys/:id",
  "POST /api/admin/users/:id/unlock",
  "PUT /api/admin/users/:id",
  "PUT /api/users/:id/admin-full-update",
];
