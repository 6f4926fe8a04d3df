import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { TooManyRequestsError, UnauthorizedError } from "../../lib/errors";
import { verifyPassword } from "../../lib/password";
import { accountKey, LoginLimits, TOO_MANY_SIGN_INS, type SignInLimits } from "./login-limits";
import { afterFirstFactor, type SignInResult } from "./second-factor";

const WRONG = "Identifiant ou mot de passe incorrect.";

/**
 * Password sign-in under the limits of ./login-limits.ts (counted before the password is hashed). An unknown
 * nickname and a wrong password get the same answer after the same work (a dummy hash is verified), so nicknames
 * cannot be probed.
 */
export class PasswordLogin {
  constructor(
    private readonly db: Db,
    private readonly limits: SignInLimits = new LoginLimits(),
  ) {}

  /** A session, or for a member with two-factor a pending login that waits for the code (./second-factor.ts). */
  async login(nickname: string, password: string, ip: string): Promise<SignInResult> {
    const account = accountKey(nickname);
    const attempt = await this.limits.begin(ip, account);
    if ("retryAfter" in attempt) throw new TooManyRequestsError(TOO_MANY_SIGN_INS, attempt.retryAfter);
    const [user] = await this.db.select().from(users).where(eq(sql`lower(${users.nickname})`, account)).limit(1);
    const ok = await verifyPassword(password, user?.passwordHash ?? null);
    if (!user || !ok) throw new UnauthorizedError(WRONG);
    await attempt.succeeded();
    return afterFirstFactor(this.db, user);
  }
}
