/** Wire shapes of two-factor sign-in, TOTP enrolment and passkeys (TypeBox: types and validation in one place). */
import { t, type Static } from "elysia";
import { strict } from "../../lib/strict-schema";
import { OwnerProofFields } from "../owner-present/model";
import { AuthenticationCredential, RegistrationCredential } from "./webauthn-model";
import { CurrentUser } from "../users/model";

const codeError = "Saisissez le code à 6 chiffres de votre application, ou un code de secours.";
const code = t.String({ minLength: 6, maxLength: 20, error: codeError });

/** A right password for a member with two-factor: no session yet, a token for the code step. */
export const SecondFactorAnswer = t.Object({
  secondFactor: t.Literal(true),
  pendingToken: t.String(),
  expiresAt: t.String(),
});

/**
 * A session. `twoFactorSetupRequired`: ADMIN_2FA=required and this administrator has no two-factor yet, so the
 * session only opens the enrolment routes until they enrol (./enrolment-gate.ts).
 */
export const SignedInAnswer = t.Object({
  user: CurrentUser,
  token: t.String(),
  twoFactorSetupRequired: t.Optional(t.Boolean()),
});

export const SignInAnswer = t.Union([SignedInAnswer, SecondFactorAnswer]);

export const CodeLoginBody = strict(t.Object({
  pendingToken: t.String({ minLength: 1, maxLength: 200, error: "Votre connexion a expiré. Recommencez." }),
  code,
}));

export const TwoFactorStatus = t.Object({
  totp: t.Boolean(),
  recoveryCodesLeft: t.Number(),
  /** ADMIN_2FA=required and the viewer is an administrator: two-factor cannot be turned off. */
  required: t.Boolean(),
});

export const TotpEnrolment = t.Object({
  /** Base32, for typing into the app by hand. */
  secret: t.String(),
  /** otpauth:// URI (what the QR code holds). */
  uri: t.String(),
  /** The QR code as a `data:image/svg+xml` URL. */
  qrCode: t.String(),
});

/** The first code of the new app, and the owner-present proof (the password: two-factor is not on yet). */
export const ConfirmTotpBody = strict(t.Object({ code, ...OwnerProofFields }));
export const RecoveryCodesAnswer = t.Object({ recoveryCodes: t.Array(t.String()) });

export const PasskeyInfo = t.Object({
  id: t.String(),
  name: t.String(),
  createdAt: t.String(),
  lastUsedAt: t.Nullable(t.String()),
});

// strict() leaves the credential's own objects open (openObject: browsers add fields).
export const RegisterPasskeyBody = strict(t.Object({
  name: t.String({ pattern: "\\S", maxLength: 60, error: "Donnez un nom à cette clé (60 caractères au plus)." }),
  response: RegistrationCredential,
  // The owner-present step (api/modules/owner-present/): a planted key would outlive every password change.
  ...OwnerProofFields,
}));

export const PasskeyLoginBody = strict(t.Object({ response: AuthenticationCredential }));

/** Options for navigator.credentials (their shape is WebAuthn's; the browser library reads them). */
export const WebAuthnOptions = t.Object({}, { additionalProperties: true });

export type SignInAnswer = Static<typeof SignInAnswer>;
export type SecondFactorAnswer = Static<typeof SecondFactorAnswer>;
export type SignedInAnswer = Static<typeof SignedInAnswer>;
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;
export type TotpEnrolment = Static<typeof TotpEnrolment>;
export type PasskeyInfo = Static<typeof PasskeyInfo>;
