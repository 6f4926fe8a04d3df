/** The proof of the owner-present step, as body fields every guarded route accepts (TypeBox: one source). */
import { t, type Static } from "elysia";
import { strict } from "../../lib/strict-schema";
import { AuthenticationCredential } from "../auth/webauthn-model";

/**
 * `currentPassword`: the account's password (accounts without one rely on a recent sign-in instead).
 * `currentCode`: a code of the authenticator app already turned on, or a recovery code.
 * `passkey`: an assertion of one of the member's own keys, for the challenge of
 * `POST /api/user/me/owner-proof/passkey-options`. With two-factor on, a code or a passkey is asked on top of
 * the password.
 */
export const OwnerProofFields = {
  currentPassword: t.Optional(t.String({ maxLength: 200, error: "Le mot de passe actuel est trop long." })),
  currentCode: t.Optional(t.String({ maxLength: 20, error: "Saisissez le code à 6 chiffres de votre application, ou un code de secours." })),
  passkey: t.Optional(AuthenticationCredential),
};

export const OwnerProof = t.Object(OwnerProofFields);
export type OwnerProof = Static<typeof OwnerProof>;

/** A body that is only the proof (turning two-factor off, new recovery codes, removing a passkey). */
export const OwnerProofBody = strict(t.Object(OwnerProofFields));

/** What the step will ask of this member, so a form shows the right fields before anything is sent. */
export const OwnerProofNeeds = t.Object({
  /** The account has a password: it is asked. */
  password: t.Boolean(),
  /** No password: the sign-in of this session is recent enough to stand in for it. */
  recentSignIn: t.Boolean(),
  /** Two-factor is on: a code of the app (or a recovery code) or a passkey is asked too. */
  secondFactor: t.Boolean(),
  /** How many passkeys the member has (a passkey can stand for the code). */
  passkeys: t.Number(),
});
export type OwnerProofNeeds = Static<typeof OwnerProofNeeds>;
