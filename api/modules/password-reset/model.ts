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
}));

export const ResetAnswer = t.Object({ message: t.String() });

export type ResetRequestBody = Static<typeof ResetRequestBody>;
export type ResetConfirmBody = Static<typeof ResetConfirmBody>;
export type ResetAnswer = Static<typeof ResetAnswer>;
