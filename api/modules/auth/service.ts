import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users, type UserRow } from "../../../db/schema";
import { TooManyRequestsError, UnauthorizedError } from "../../lib/errors";
import { verifyPassword } from "../../lib/password";
import { createSession } from "../../lib/session";
import { LoginLimits } from "./login-limits";

const TOO_MANY = "Trop de tentatives de connexion. Réessayez dans quelques minutes.";
const WRONG = "Identifiant ou mot de passe incorrect.";

/**
 * Password sign-in under the limits of ./login-limits.ts (counted before the password is hashed). An unknown
 * nickname and a wrong password get the same answer after the same work (a dummy hash is verified), so nicknames
 * cannot be probed.
 */
export class PasswordLogin {
  constructor(
    private readonly db: Db,
    private readonly limits = new LoginLimits(),
  ) {}

  async login(nickname: string, password: string, ip: string): Promise<{ user: UserRow; token: string }> {
    const account = nickname.trim().toLowerCase();
    const attempt = this.limits.begin(ip, account);
    if ("retryAfter" in attempt) throw new TooManyRequestsError(TOO_MANY, attempt.retryAfter);
    const [user] = await this.db.select().from(users).where(eq(sql`lower(${users.nickname})`, account)).limit(1);
    const ok = await verifyPassword(password, user?.passwordHash ?? null);
    if (!user || !ok) throw new UnauthorizedError(WRONG);
    attempt.succeeded();
    const { token } = await createSession(this.db, user.id);
    return { user, token };
  }
}
