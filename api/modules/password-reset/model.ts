import { t, type Static } from "elysia";
import { strict } from "../../lib/strict-schema";
import { INVALID_LINK } from "./messages";

/** POST /api/auth/password-reset: the e-mail address or the alias of the account. */
export const ResetRequestBody = strict(t.Object({
  login: t.String({ minLength: 1, maxLength: 200, error: "Indiquez votre adresse e-mail ou votre alias." }),
}));

/** POST /api/auth/password-reset/confirm: the token of the link and the new password. */
export const ResetConfirmBody = strict(t.Object({
  token: t.String({ maxLength: 200, error: INVALID_LINK }),
  password: t.String({ maxLength: 200, error: "Le mot de passe est trop long (200 caractères au plus)." }),
  /** Remove the member's passkeys too, and two-factor with `code` (a code of the app or a recovery code). */
  removeFactors: t.Optional(t.Boolean({ error: "Choix de suppression invalide." })),
  code: t.Optional(t.String({ maxLength: 20, error: "Saisissez le code à 6 chiffres de votre application, ou un code de secours." })),
}));

/** POST /api/auth/password-reset/check: whether a link still works, before its form is filled. */
export const ResetCheckBody = strict(t.Object({ token: t.String({ maxLength: 200, error: INVALID_LINK }) }));

/** The member's second factors, which the link's holder may offer to remove. */
export const ResetCheckAnswer = t.Object({ twoFactor: t.Boolean(), passkeys: t.Number() });

export const ResetAnswer = t.Object({ message: t.String() });

export type ResetRequestBody = Static<typeof ResetRequestBody>;
export type ResetConfirmBody = Static<typeof ResetConfirmBody>;
export type ResetAnswer = Static<typeof ResetAnswer>;
export type ResetCheckAnswer = Static<typeof ResetCheckAnswer>;
