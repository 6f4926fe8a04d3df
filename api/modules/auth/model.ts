import { t, type Static } from "elysia";
import { CurrentUser } from "../users/model";
import { strict } from "../../lib/strict-schema";

const required = "Veuillez remplir tous les champs";

export const LoginBody = strict(t.Object({
  nickname: t.String({ minLength: 1, maxLength: 100, error: required }),
  password: t.String({ minLength: 1, maxLength: 200, error: required }),
}));

export const SessionResponse = t.Object({ user: CurrentUser, token: t.String() });

/** The callback screen sends the code twice (the spec's contract) plus the state it came back with. */
export const GoogleValidateBody = strict(t.Object({
  accessToken: t.Optional(t.String({ maxLength: 4000 })),
  authorizationCode: t.Optional(t.String({ maxLength: 4000 })),
  state: t.Optional(t.String({ maxLength: 200 })),
}));

export type LoginBody = Static<typeof LoginBody>;
export type GoogleValidateBody = Static<typeof GoogleValidateBody>;
