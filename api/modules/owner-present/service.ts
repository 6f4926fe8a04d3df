/**
 * The owner-present step: the one check every change of a way into the account goes through (./ways-in.ts).
 *
 * - Accounts with a password: the current password, always. Accounts without one (Google only): a sign-in of the
 *   last 10 minutes (sessions are only made by a sign-in and never renewed in place, so their creation time is
 *   that sign-in).
 * - When two-factor is on: a code of the app (or a recovery code), or an assertion of one of the member's own
 *   passkeys, on top. A borrowed session that also learnt the password still cannot change a factor.
 * - Wrong passwords and codes share one budget per member (5 per 15 minutes), taken before anything is checked,
 *   so neither a burst in parallel nor a borrowed session can be used to guess. With `REDIS_URL` the budget is
 *   counted in Redis (AccountLimits.ownerProofs, fail closed), so N API processes still allow 5, not 5×N;
 *   without it, in this process (one primary answers every write).
 */
import type { Db } from "../../../db/client";
import type { SessionRow, UserRow } from "../../../db/schema";
import type { Deps } from "../../deps";
import { BadRequestError, ForbiddenError, HttpError, TooManyRequestsError } from "../../lib/errors";
import { verifyPassword } from "../../lib/password";
import { accountLimitsOf } from "../../lib/account-limits";
import type { RefundableLimiter } from "../../lib/rate-limit";
import { LoginLimits } from "../auth/login-limits";
import { Passkeys } from "../auth/passkeys";
import { totpEnabled, TwoFactor, WRONG_CODE } from "../auth/two-factor";
import type { OwnerProof, OwnerProofNeeds } from "./model";
import { OWNER_PROOF_PART, WAYS_IN, type WayIn } from "./ways-in";

/** On an account without a password, a sign-in this recent stands in for it. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

export const WRONG_CURRENT_PASSWORD = "Le mot de passe actuel est incorrect.";
export const TOO_MANY_PROOFS = "Trop d'essais. Merci de réessayer dans quelques minutes.";
const WRONG_PASSKEY = "La clé d'accès n'a pas pu être vérifiée. Réessayez.";

type Session = Pick<SessionRow, "createdAt">;

export class OwnerPresence {
  readonly twoFactor: TwoFactor;
  readonly passkeys: Passkeys;
  constructor(
    private readonly db: Db,
    twoFactorKey: Uint8Array,
    publicUrl: string,
    /** Wrong passwords and codes of the step, per member (in memory, or in Redis shared by every process). */
    private readonly guesses: RefundableLimiter,
  ) {
    this.twoFactor = new TwoFactor(db, twoFactorKey);
    // The step never opens a session: the sign-in limits are not involved (a limiter of its own for the type).
    this.passkeys = new Passkeys(db, publicUrl, new LoginLimits());
  }

  /** What the step asks of this member now. */
  async needs(user: Pick<UserRow, "id" | "passwordHash">, session: Session, now = Date.now()): Promise<OwnerProofNeeds> {
    const [secondFactor, keys] = await Promise.all([totpEnabled(this.db, user.id), this.passkeys.list(user.id)]);
    return {
      password: user.passwordHash !== null,
      recentSignIn: now - session.createdAt.getTime() <= RECENT_SIGN_IN_MS,
      secondFactor,
      passkeys: keys.length,
    };
  }

  /**
   * Throws (400, 403 or 429, in French, `part` OWNER_PROOF_PART so a form shows it at the proof's fields) unless
   * `proof` shows the owner is there for `way`.
   */
  async assert(user: UserRow, session: Session, proof: OwnerProof | null | undefined, way: WayIn, now = Date.now()): Promise<void> {
    try {
      await this.check(user, session, proof, way, now);
    } catch (e) {
      if (e instanceof HttpError) e.part = OWNER_PROOF_PART;
      throw e;
    }
  }

  private async check(user: UserRow, session: Session, proof: OwnerProof | null | undefined, way: WayIn, now: number): Promise<void> {
    const purpose = WAYS_IN[way];
    if (user.passwordHash && !proof?.currentPassword) throw new BadRequestError(`Veuillez entrer votre mot de passe actuel pour ${purpose}.`);
    if (!user.passwordHash && now - session.createdAt.getTime() > RECENT_SIGN_IN_MS) {
      throw new ForbiddenError(`Reconnectez-vous pour ${purpose}\u00a0: votre dernière connexion date de plus de 10 minutes.`);
    }
    const secondFactor = await totpEnabled(this.db, user.id);
    const secondProof = proof?.passkey ? "passkey" : proof?.currentCode ? "code" : null;
    // One attempt of the budget per proof sent, taken before anything is checked.
    const taken = user.passwordHash !== null || secondProof !== null;
    if (taken) await this.take(user.id);
    if (user.passwordHash && !(await verifyPassword(proof!.currentPassword!, user.passwordHash))) throw new BadRequestError(WRONG_CURRENT_PASSWORD);
    if (secondFactor) {
      if (!secondProof) {
        // Not a wrong guess: the form did not ask for the code yet.
        if (taken) await this.guesses.refund(user.id);
        throw new BadRequestError(
          `Saisissez un code de votre application d'authentification (ou un code de secours), ou utilisez une clé d'accès, pour ${purpose}.`,
        );
      }
      const right =
        secondProof === "passkey"
          ? await this.passkeys.verifyOwner(user, proof!.passkey as never)
          : (await this.twoFactor.verify(user.id, proof!.currentCode!)) !== null;
      if (!right) throw new BadRequestError(secondProof === "passkey" ? WRONG_PASSKEY : WRONG_CODE);
    }
    await this.guesses.reset(user.id);
  }

  /** One guess of the member's budget, counted before the guess is checked (a parallel burst cannot pass it). */
  private async take(userId: string) {
    const wait = await this.guesses.take(userId);
    if (wait > 0) throw new TooManyRequestsError(TOO_MANY_PROOFS, wait);
  }
}

const presences = new WeakMap<object, OwnerPresence>();

/**
 * The step of this app: one budget of guesses per member, whichever route is called. In memory, one step per
 * database; with shared limits (Redis), one per set of limits, whose counters every process reads.
 */
export function ownerPresenceOf(deps: Pick<Deps, "db" | "env" | "limits">): OwnerPresence {
  const key = deps.limits ?? deps.db;
  let presence = presences.get(key);
  if (!presence) {
    presence = new OwnerPresence(deps.db, deps.env.twoFactorKey, deps.env.publicUrl, accountLimitsOf(deps).ownerProofs);
    presences.set(key, presence);
  }
  return presence;
}
