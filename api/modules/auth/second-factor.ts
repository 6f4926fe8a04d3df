/**
 * Sign-in in two steps. Every first factor (password, Google) ends in `afterFirstFactor`: a member without
 * two-factor gets a session, a member with it gets only a pending login (./pending-login.ts), exchanged for a
 * session by a right code at POST /api/auth/login/code. Code attempts are counted by the same LoginLimits as
 * passwords, under the same account key, so a second factor adds no budget of guesses of its own.
 */
import type { Db } from "../../../db/client";
import type { UserRow } from "../../../db/schema";
import { TooManyRequestsError, UnauthorizedError } from "../../lib/errors";
import { createSession } from "../../lib/session";
import { accountKey, TOO_MANY_SIGN_INS, type SignInLimits } from "./login-limits";
import { consumePendingLogin, createPendingLogin, dropIfSpent, findPendingLogin, takeCodeAttempt } from "./pending-login";
import { totpEnabled, WRONG_CODE, type TwoFactor } from "./two-factor";

export const EXPIRED = "Votre connexion a expiré. Saisissez à nouveau votre identifiant et votre mot de passe.";

/** Where a first factor leads: straight to a session, or to the code step. */
export type SignInResult = { user: UserRow; token: string } | { user: UserRow; pendingToken: string; expiresAt: Date };

/** Call instead of createSession once a first factor is proven. */
export async function afterFirstFactor(db: Db, user: UserRow): Promise<SignInResult> {
  if (await totpEnabled(db, user.id)) {
    const { token, expiresAt } = await createPendingLogin(db, user.id);
    return { user, pendingToken: token, expiresAt };
  }
  const { token } = await createSession(db, user.id);
  return { user, token };
}

export class SecondFactorLogin {
  constructor(
    private readonly db: Db,
    private readonly twoFactor: TwoFactor,
    private readonly limits: SignInLimits,
  ) {}

  /** Exchanges a pending login and a right code (TOTP or recovery) for a session. */
  async complete(pendingToken: string, code: string, ip: string): Promise<{ user: UserRow; token: string }> {
    const pending = await findPendingLogin(this.db, pendingToken);
    if (!pending) throw new UnauthorizedError(EXPIRED);
    const attempt = await this.limits.begin(ip, accountKey(pending.user.nickname));
    if ("retryAfter" in attempt) throw new TooManyRequestsError(TOO_MANY_SIGN_INS, attempt.retryAfter);
    // Both counts (the limits above, the pending login's own cap here) are taken before the code is checked.
    if (!(await takeCodeAttempt(this.db, pending.id))) throw new UnauthorizedError(EXPIRED);
    if (!(await this.twoFactor.verify(pending.user.id, code))) {
      await dropIfSpent(this.db, pending.id);
      throw new UnauthorizedError(WRONG_CODE);
    }
    if (!(await consumePendingLogin(this.db, pending.id))) throw new UnauthorizedError(EXPIRED);
    await attempt.succeeded();
    const { token } = await createSession(this.db, pending.user.id);
    return { user: pending.user, token };
  }
}
