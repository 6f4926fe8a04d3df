/**
 * Proof that the owner is at the keyboard, asked before a change that opens a way into the account: the e-mail
 * (Google sign-in could match it), the alias (the password sign-in name), the password, the Google link. A session
 * alone is not enough: someone who held it once (a shared computer, a copied token) must not turn it into lasting
 * access that survives the owner's password change (issue 18 §1).
 */
import type { SessionRow, UserRow } from "../../../db/schema";
import { BadRequestError, ForbiddenError, TooManyRequestsError } from "../../lib/errors";
import { verifyPassword } from "../../lib/password";
import type { RateLimiter } from "../../lib/rate-limit";

/** On an account without a password, a sign-in this recent stands in for it. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

export const WRONG_CURRENT_PASSWORD = "Le mot de passe actuel est incorrect.";

/**
 * When the session's sign-in happened. Sessions are only ever created by a sign-in (password or Google) and never
 * renewed in place (the sliding expiry moves `expiresAt` only), so their creation time is that moment.
 */
export const signedInAt = (session: Pick<SessionRow, "createdAt">): Date => session.createdAt;

/**
 * Accounts with a password: `currentPassword` must be sent and right (wrong guesses are limited per member, so a
 * borrowed session cannot be used to find the password). Accounts without one (Google only): the session must
 * come from a sign-in less than RECENT_SIGN_IN_MS ago. `purpose` completes the French message
 * (« … pour <purpose>. »).
 */
export async function assertOwnerPresent(
  user: Pick<UserRow, "id" | "passwordHash">,
  session: Pick<SessionRow, "createdAt">,
  currentPassword: string | undefined,
  purpose: string,
  guesses?: RateLimiter,
  now = Date.now(),
): Promise<void> {
  if (!user.passwordHash) {
    if (now - signedInAt(session).getTime() > RECENT_SIGN_IN_MS) {
      throw new ForbiddenError(`Reconnectez-vous pour ${purpose}\u00a0: votre dernière connexion date de plus de 10 minutes.`);
    }
    return;
  }
  if (!currentPassword) throw new BadRequestError(`Veuillez entrer votre mot de passe actuel pour ${purpose}.`);
  // Counted before the hash is checked, so a parallel burst cannot pass the limit (see RateLimiter).
  const wait = guesses?.take(user.id) ?? 0;
  if (wait > 0) throw new TooManyRequestsError("Trop d'essais de mot de passe. Merci de réessayer dans quelques minutes.", wait);
  if (!(await verifyPassword(currentPassword, user.passwordHash))) throw new BadRequestError(WRONG_CURRENT_PASSWORD);
  guesses?.reset(user.id);
}
