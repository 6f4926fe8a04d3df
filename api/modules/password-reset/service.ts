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
 * It only sets a password: a member with two-factor still gives their code at the next sign-in (docs/SECURITY.md).
 */
import { eq, getTableColumns, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { pendingLogins, sessions, users, type AccountTokenKind, type UserRow } from "../../../db/schema";
import { recordAudits } from "../audit/service";
import { enqueueMail, type OutgoingMail, type QueuedMail } from "../mail/service";
import { mailSite, renderMail, type RenderedMail } from "../mail/render";
import { BadRequestError, HttpError, TooManyRequestsError } from "../../lib/errors";
import type { AccountLimits } from "../../lib/account-limits";
import { hashPassword, isValidPassword } from "../../lib/password";
import { PASSWORD_POLICY_MESSAGE } from "../users/service";
import { invitationMailContent, resetMailContent, type MailEnv } from "./mail";
import { EXPIRED_LINK, INVALID_LINK, REQUEST_SENT, SPENT_LINK, TOO_MANY_RESETS } from "./messages";
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

export class PasswordReset {
  constructor(
    private readonly db: Db,
    private readonly env: MailEnv,
    private readonly limits: Pick<AccountLimits, "resetsByAddress" | "resetsByLogin" | "resetsByAccount">,
    private readonly now: () => Date = () => new Date(),
    private readonly trace: (step: ResetStep) => void = () => {},
  ) {}

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

  /** Sets the password the link's holder chose; refuses (400, nothing changed) a malformed, forged, spent or expired token. */
  async confirm(token: string, password: string): Promise<{ message: string; user: UserRow }> {
    const row = await findToken(this.db, token);
    if (!row) throw new BadRequestError(INVALID_LINK);
    const now = this.now();
    if (row.usedAt) throw new BadRequestError(SPENT_LINK);
    if (row.expiresAt.getTime() <= now.getTime()) throw new BadRequestError(EXPIRED_LINK);
    if (!isValidPassword(password)) throw new BadRequestError(PASSWORD_POLICY_MESSAGE);
    const passwordHash = await hashPassword(password);
    const user = await this.db.transaction(async (tx) => {
      if (!(await spendToken(tx, row, now))) return null;
      const [updated] = await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId)).returning();
      if (!updated) return null;
      // Whoever knew the old password (or holds a session made with it) is out, on every device.
      await tx.delete(sessions).where(eq(sessions.userId, row.userId));
      await tx.delete(pendingLogins).where(eq(pendingLogins.userId, row.userId));
      const invitation = row.kind === "invitation";
      await recordAudits(tx, [{
        userId: updated.id,
        actor: updated.nickname,
        action: "update",
        route: "POST /api/auth/password-reset/confirm",
        itemKind: "member",
        itemId: updated.id,
        title: fullName(updated),
        summary: invitation ? "Mot de passe choisi par le lien d'invitation" : "Mot de passe réinitialisé par le lien reçu par e-mail",
      }], now);
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
