import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users, type UserRow } from "../../../db/schema";
import { TooManyRequestsError, UnauthorizedError } from "../../lib/errors";
import { verifyPassword } from "../../lib/password";
import { RateLimiter } from "../../lib/rate-limit";
import { createSession } from "../../lib/session";

const TOO_MANY = "Trop de tentatives de connexion. Réessayez dans quelques minutes.";
const WRONG = "Identifiant ou mot de passe incorrect.";

/**
 * Password sign-in, limited to 10 failures in 15 minutes per address and per account. An unknown nickname and a
 * wrong password get the same answer after the same work (a dummy hash is verified), so nicknames cannot be probed.
 */
export class PasswordLogin {
  private perAddress = new RateLimiter(10, 15 * 60_000);
  private perAccount = new RateLimiter(10, 15 * 60_000);

  constructor(private readonly db: Db) {}

  async login(nickname: string, password: string, ip: string): Promise<{ user: UserRow; token: string }> {
    const account = nickname.trim().toLowerCase();
    const wait = Math.max(this.perAddress.retryAfter(ip), this.perAccount.retryAfter(account));
    if (wait > 0) throw new TooManyRequestsError(TOO_MANY, wait);
    const [user] = await this.db.select().from(users).where(eq(sql`lower(${users.nickname})`, account)).limit(1);
    const ok = await verifyPassword(password, user?.passwordHash ?? null);
    if (!user || !ok) {
      this.perAddress.hit(ip);
      this.perAccount.hit(account);
      throw new UnauthorizedError(WRONG);
    }
    this.perAccount.reset(account);
    const { token } = await createSession(this.db, user.id);
    return { user, token };
  }
}
