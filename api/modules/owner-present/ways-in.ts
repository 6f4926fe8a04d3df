/**
 * The ways into an account, and the one list of routes that add, remove or replace one. Every route below runs the
 * owner-present step (./service.ts) before it changes anything: a session alone, however it was obtained (a shared
 * computer, a copied token), must never become lasting access (issue 30 §1). api/modules/owner-present/
 * borrowed-session.test.ts calls each of them with a borrowed session and nothing else, and the authorization
 * matrix checks that no other route of /api/user/me* changes a factor without being on this list.
 */

/** What a guarded change touches; each has its French purpose (« … pour <purpose>. ») and its security mail. */
export const WAYS_IN = {
  identity: { purpose: "changer votre adresse e-mail ou votre alias", changed: "Votre adresse e-mail ou votre alias a été modifié." },
  password: { purpose: "changer de mot de passe", changed: "Votre mot de passe a été modifié." },
  "google-unlink": { purpose: "dissocier votre compte Google", changed: "Votre compte Google a été dissocié de votre compte." },
  "totp-on": { purpose: "activer la double authentification", changed: "La double authentification a été activée." },
  "totp-off": { purpose: "désactiver la double authentification", changed: "La double authentification a été désactivée." },
  "recovery-codes": { purpose: "créer de nouveaux codes de secours", changed: "De nouveaux codes de secours ont été créés\u00a0; les anciens ne fonctionnent plus." },
  "passkey-add": { purpose: "ajouter une clé d'accès", changed: "Une clé d'accès a été ajoutée à votre compte." },
  "passkey-remove": { purpose: "supprimer une clé d'accès", changed: "Une clé d'accès a été supprimée de votre compte." },
  "unlock-member": { purpose: "désactiver la double authentification d'un membre", changed: "" },
} as const;

export type WayIn = keyof typeof WAYS_IN;

/**
 * Every route that changes a way in, with the change it makes. `PUT /api/user/me` and `PUT /api/user/profile` ask
 * for the step only when the e-mail, the alias or the password changes (a new biography needs no password).
 */
export const GUARDED_ROUTES: ReadonlyArray<{ route: string; ways: readonly WayIn[] }> = [
  { route: "PUT /api/user/me", ways: ["identity", "password"] },
  { route: "PUT /api/user/profile", ways: ["identity", "password"] },
  { route: "DELETE /api/user/me/google", ways: ["google-unlink"] },
  { route: "POST /api/user/me/two-factor/totp/confirm", ways: ["totp-on"] },
  { route: "DELETE /api/user/me/two-factor/totp", ways: ["totp-off"] },
  { route: "POST /api/user/me/two-factor/recovery-codes", ways: ["recovery-codes"] },
  { route: "POST /api/user/me/passkeys", ways: ["passkey-add"] },
  { route: "DELETE /api/user/me/passkeys/:id", ways: ["passkey-remove"] },
  { route: "POST /api/admin/users/:id/unlock", ways: ["unlock-member"] },
];
