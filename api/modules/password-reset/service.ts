/**
 * Account recovery (issue 21 §2) and invitations: a link sent by e-mail sets the member's password once.
 *
 * - `request(login)` answers the same whatever the login names, after the same work (issue 30 §4): one member
 *   row read (the account's, else a stand-in's), the per-account limit taken, a token made and hashed, a mail
 *   rendered, and the token stored with its mail queued in a savepoint of one transaction, kept for an account
 *   under its limit and rolled back otherwise (a login that matches nobody, an account past its 5 mails an hour).
 *   bench/reset-timing.ts measures it (docs/PERFORMANCE.md).
 * - `confirm(token, password)` spends the token, sets the password, cancels the member's other links, ends every
 *   session and pending sign-in, and journals it, all in one transaction: a refused token changes nothing.
 * It sets a password; with `removeFactors`, it also removes the member's passkeys and, only with a code of the app
 * or a recovery code, turns two-factor off (a mailbox alone never defeats two-factor: docs/DECISIONS.md, « What a
 * reset may remove »). Without a code, an administrator can unlock the member (api/modules/users/unlock.ts).
 */
import { eq, getTableColumns, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { passkeys, pendingLogins, recoveryCodes, sessions, totpFactors, users, type AccountTokenKind, type UserRow } from "../../../db/schema";
import { recordAudits } from "../audit/service";
import { enqueueMail, type OutgoingMail, type QueuedMail } from "../mail/service";
import { mailSite, renderMail, type RenderedMail } from "../mail/render";
import { BadRequestError, HttpError, TooManyRequestsError } from "../../lib/errors";
import { RateLimiter } from "../../lib/rate-limit";
import { totpEnabled, WRONG_CODE, type TwoFactor } from "../auth/two-factor";
import { queueSecurityMail } from "../owner-present/security-mail";
import type { AccountLimits } from "../../lib/account-limits";
import { hashPassword, isValidPassword } from "../../lib/password";
import { PASSWORD_POLICY_MESSAGE } from "../users/service";
import { invitationMailContent, resetMailContent, type MailEnv } from "./mail";
import { CODE_TO_REMOVE_TWO_FACTOR, EXPIRED_LINK, INVALID_LINK, REQUEST_SENT, SPENT_LINK, TOO_MANY_RESETS } from "./messages";
import { findToken, newToken, spendToken, storeToken, TOKEN_LIFETIME_MS, type Tx } from "./tokens";

/** The login key: trimmed and lower-cased, as the unique indexes on alias and e-mail compare. */
export const loginKey = (login: string) => login.trim().toLowerCase();

const fullName = (u: Pick<UserRow, "firstname" | "name">) => `${u.firstname} ${u.name}`.trim();

/** Stand-in for an unknown login: the mail is rendered, stored and queued for it too, and rolled back. */
const NOBODY = { id: "", firstname: "Membre", name: "", nickname: "membre", email: "membre@example.invalid" };

/** The steps of a request, in order, for the test that both kinds of login take the same ones (equal-work.test.ts). */
export type ResetStep = "limits" | "lookup" | "account-limit" | "token" | "render" | "store" | "queue" | "commit" | "rollback";

/** Thrown inside the transaction of a request that must leave nothing behind. */
class NothingToKeep extends Error {}

/** What a link's holder may remove on the reset page: the member's second factors. */
export type LinkFactors = { twoFactor: boolean; passkeys: number };

export class PasswordReset {
  /** Wrong codes typed on the reset page, per member (the link holder must not guess the app's code). */
  private readonly codeGuesses = new RateLimiter(5, 15 * 60_000);

  constructor(
    private readonly db: Db,
    private readonly env: MailEnv,
    private readonly limits: Pick<AccountLimits, "resetsByAddress" | "resetsByLogin" | "resetsByAccount">,
    private readonly now: () => Date = () => new Date(),
    private readonly trace: (step: ResetStep) => void = () => {},
    /** Checks the code that lets the reset page turn two-factor off (none: it cannot be turned off here). */
    private readonly twoFactor?: Pick<TwoFactor, "verify">,
  ) {}

  /**
   * What the page shows before the form: whether the link still works (a spent or expired one says so at once),
   * and which factors its holder may offer to remove. Spends nothing.
   */
  async check(token: string): Promise<LinkFactors> {
    const row = await this.usable(token);
    const [twoFactor, keys] = await Promise.all([
      totpEnabled(this.db, row.userId),
      this.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, row.userId)),
    ]);
    return { twoFactor, passkeys: keys.length };
  }

  /** The stored row of a token that can still be used; a French 400 otherwise. */
  private async usable(token: string) {
    const row = await findToken(this.db, token);
    if (!row) throw new BadRequestError(INVALID_LINK);
    if (row.usedAt) throw new BadRequestError(SPENT_LINK);
    if (row.expiresAt.getTime() <= this.now().getTime()) throw new BadRequestError(EXPIRED_LINK);
    return row;
  }

  /** Sends a reset link to the account `login` names (alias or e-mail), if any; the answer never says which. */
  async request(login: string, ip: string): Promise<string> {
    const key = loginKey(login);
    if (!key) throw new BadRequestError("Indiquez votre adresse e-mail ou votre alias.");
    // Counted before any work, per address and per login as typed (never per account found: the 429 must come at
    // the same count for a login that matches nobody).
    const wait = Math.max(await this.limits.resetsByAddress.take(ip), await this.limits.resetsByLogin.take(key));
    if (wait > 0) throw new TooManyRequestsError(TOO_MANY_RESETS, wait);
    this.trace("limits");
    // One member row read either way: the account's, else a stand-in's (the first member), so a login that matches
    // nobody reads and maps a row too. SQLite stops the UNION ALL at the first row: the stand-in is read on a miss only.
    const [found] = await this.db
      .select({ ...getTableColumns(users), matched: sql<number>`1` })
      .from(users)
      .where(or(eq(sql`lower(${users.nickname})`, key), eq(sql`lower(${users.email})`, key)))
      .unionAll(this.db.select({ ...getTableColumns(users), matched: sql<number>`0` }).from(users).where(sql`${users}.rowid = (select min(rowid) from ${users})`))
      .limit(1);
    const user = found?.matched ? found : undefined;
    this.trace("lookup");
    // Per account, its alias and its e-mail together; a login that matches nobody takes a key of its own, so both
    // make the same call. Past the limit, no mail, and the same answer.
    const accountWait = await this.limits.resetsByAccount.take(user ? `account:${user.id}` : `nobody:${key}`);
    this.trace("account-limit");
    const target = user && accountWait === 0 ? user : null;
    const who = user ?? NOBODY;
    const { token, hash } = await newToken();
    this.trace("token");
    const rendered = renderMail(this.env, resetMailContent(who, token));
    this.trace("render");
    const now = this.now();
    try {
      await this.db.transaction(async (tx) => {
        // Foreign keys checked at the commit (for every request, so all run the same statements): the stand-in's
        // token row names no member, and is rolled back before the commit.
        await tx.run(sql`PRAGMA defer_foreign_keys = ON`);
        try {
          // In a savepoint: the same inserts for everyone, undone for nobody, then the same commit.
          await tx.transaction(async (sp) => {
            const id = await storeToken(sp, target?.id ?? NOBODY.id, "password-reset", hash, now);
            this.trace("store");
            await enqueueMail(sp, this.env, resetMail(who, rendered, token, id, now), now);
            this.trace("queue");
            if (!target) throw new NothingToKeep();
          });
        } catch (e) {
          if (!(e instanceof NothingToKeep)) throw e;
          this.trace("rollback");
        }
      });
      this.trace("commit");
    } catch (e) {
      // An address the outbox refuses (an old row) must not answer differently from an unknown login.
      if (!(e instanceof HttpError)) throw e;
      console.error("Password reset mail not queued:", e.message);
    }
    return REQUEST_SENT;
  }

  /**
   * Sets the password the link's holder chose; refuses (400, nothing changed) a malformed, forged, spent or expired
   * token. `removeFactors`: the member's passkeys go too, and two-factor is turned off when `code` is a right code
   * of the app or a recovery code (refused without one). The owner gets a security mail.
   */
  async confirm(
    token: string,
    password: string,
    removal: { removeFactors?: boolean; code?: string; userAgent?: string | null } = {},
  ): Promise<{ message: string; user: UserRow }> {
    const row = await this.usable(token);
    const now = this.now();
    if (!isValidPassword(password)) throw new BadRequestError(PASSWORD_POLICY_MESSAGE);
    const twoFactorOn = removal.removeFactors ? await totpEnabled(this.db, row.userId) : false;
    if (twoFactorOn) {
      if (!removal.code?.trim()) throw new BadRequestError(CODE_TO_REMOVE_TWO_FACTOR);
      const wait = this.codeGuesses.take(row.userId);
      if (wait > 0) throw new TooManyRequestsError("Trop d'essais. Réessayez dans quelques minutes.", wait);
      if (!this.twoFactor || !(await this.twoFactor.verify(row.userId, removal.code))) throw new BadRequestError(WRONG_CODE);
      this.codeGuesses.reset(row.userId);
    }
    const passwordHash = await hashPassword(password);
    let removedKeys = 0;
    const user = await this.db.transaction(async (tx) => {
      if (!(await spendToken(tx, row, now))) return null;
      const [updated] = await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId)).returning();
      if (!updated) return null;
      // Whoever knew the old password (or holds a session made with it) is out, on every device.
      await tx.delete(sessions).where(eq(sessions.userId, row.userId));
      await tx.delete(pendingLogins).where(eq(pendingLogins.userId, row.userId));
      if (removal.removeFactors) {
        removedKeys = (await tx.delete(passkeys).where(eq(passkeys.userId, row.userId)).returning({ id: passkeys.id })).length;
        if (twoFactorOn) {
          await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, row.userId));
          await tx.delete(totpFactors).where(eq(totpFactors.userId, row.userId));
        }
      }
      const invitation = row.kind === "invitation";
      const removed = [removedKeys ? `${removedKeys} clé(s) d'accès supprimée(s)` : null, twoFactorOn ? "double authentification désactivée" : null].filter(Boolean);
      await recordAudits(tx, [{
        userId: updated.id,
        actor: updated.nickname,
        action: "update",
        route: "POST /api/auth/password-reset/confirm",
        itemKind: "member",
        itemId: updated.id,
        title: fullName(updated),
        summary: (invitation ? "Mot de passe choisi par le lien d'invitation" : "Mot de passe réinitialisé par le lien reçu par e-mail") + (removed.length ? ` (${removed.join(", ")})` : ""),
      }], now);
      if (!invitation) {
        const what = `Le mot de passe de votre compte a été réinitialisé par le lien reçu par e-mail, et toutes les sessions ont été fermées${removed.length ? ` (${removed.join(", ")})` : ""}.`;
        await queueSecurityMail(tx, this.env, updated, { what, userAgent: removal.userAgent ?? null, at: now });
      }
      return updated;
    });
    if (!user) throw new BadRequestError(SPENT_LINK);
    const message =
      row.kind === "invitation"
        ? "Votre mot de passe est enregistré. Vous pouvez maintenant vous connecter."
        : "Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.";
    return { message, user };
  }
}

/**
 * Writes an invitation for a member an admin just created without a password (in the creation's transaction):
 * a link valid 7 days to choose it.
 */
export async function queueInvitation(tx: Tx, env: MailEnv, user: UserRow, now = new Date()): Promise<void> {
  await invitationMail(tx, env, user, now);
}

/** Writes an invitation link and its message; the queued message (« Renvoyer » answers with it). */
export async function invitationMail(tx: Tx, env: MailEnv, user: UserRow, now = new Date()): Promise<QueuedMail> {
  const { token, hash } = await newToken();
  const id = await storeToken(tx, user.id, "invitation", hash, now);
  const content = invitationMailContent(user, mailSite(env).name, token);
  return enqueueMail(
    tx,
    env,
    { kind: "invitation", to: { name: fullName(user), address: user.email }, ...renderMail(env, content), key: `invitation:${id}`, ...maskedLink(user, token, "invitation", now) },
    now,
  );
}

/** The link's token masked in the copy admins read, « Renvoyer » making a fresh one for the member (api/modules/mail/secrets.ts). */
const maskedLink = (user: { id: string }, token: string, kind: AccountTokenKind, now: Date) => ({
  secrets: [{ value: token, expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]) }],
  linkRef: user.id,
});

/** The reset message for `user`, its token masked. */
export function resetMail(user: Pick<UserRow, "id" | "firstname" | "name" | "email">, rendered: RenderedMail, token: string, tokenId: string, now: Date): OutgoingMail {
  return { kind: "password-reset", to: { name: fullName(user), address: user.email }, ...rendered, key: `password-reset:${tokenId}`, ...maskedLink(user, token, "password-reset", now) };
}
