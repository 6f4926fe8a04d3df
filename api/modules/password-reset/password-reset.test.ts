import { and, eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, auditLog, mailOutbox, sessions, users } from "../../../db/schema";
import { createSession, hashSecret } from "../../lib/session";
import { enrolTotp, login, post } from "../auth/two-factor-test-kit";
import { smtpDeliverer } from "../mail/test-kit";
import { formData, person, send, type Person } from "../users/test-kit";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../../testing/smtp-server";
import { EXPIRED_LINK, INVALID_LINK, REQUEST_SENT, SPENT_LINK, TOO_MANY_RESETS } from "./messages";

const PUBLIC_URL = "https://institut.example.sn";
const NEW_PASSWORD = "Nouveau-Passe-2026!";
const OLD_PASSWORD = "Ancien-Passe-2026!";
const POLICY = "Le mot de passe doit contenir au moins 8 caractères, une majuscule, un chiffre et un caractère spécial.";

describe("account recovery and invitations, through a real SMTP server", () => {
  let h: Harness;
  let smtp: TestSmtpServer;
  let admin: Person;
  let ipCount = 0;
  /** Each test asks from its own address, so the per-address limit of one test never reaches another. */
  const freshIp = () => `198.51.100.${++ipCount}`;

  const { deliver, closeTransports } = smtpDeliverer(() => h.database.db, () => smtp);
  const tokenIn = (mail: ReceivedMail) => {
    const m = /https:\/\/institut\.example\.sn\/reinitialiser-mot-de-passe#token=([A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? "");
    expect(m, mail.parsed.text).not.toBeNull();
    return m![1]!;
  };
  const ask = (login: string, ip = freshIp()) => post(h, "/api/auth/password-reset", { login }, ip);
  /** Sets the password with the link; the security mail a reset sends goes out at once, so later tests read only theirs. */
  const confirm = async (token: string, password = NEW_PASSWORD) => {
    const res = await post(h, "/api/auth/password-reset/confirm", { token, password });
    if (res.status === 200) await deliver();
    return res;
  };
  const member = async (nickname: string) => {
    const row = await makeUser(h.database.db, { nickname, firstname: "Awa", name: "Ndiaye", password: OLD_PASSWORD });
    return row;
  };
  const hashOf = async (id: string) => (await h.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.hash;
  const outboxCount = async () => (await h.database.db.select().from(mailOutbox)).length;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    h = await createHarness({ SMTP_URL: smtp.url, MAIL_FROM: "L'Institut <contact@institut.example.sn>", PUBLIC_URL });
    admin = await person(h, "admin-recup", "admin");
  });
  afterEach(closeTransports);
  afterAll(async () => {
    await smtp.stop();
    h.close();
  });

  it("mails a single-use link to the account an alias names, in French with both parts, storing only the token's hash", async () => {
    const awa = await member("awa-recup");
    const res = await ask("awa-recup");
    expect(res).toMatchObject({ status: 200, json: { message: REQUEST_SENT } });
    const [mail, ...more] = await deliver();
    expect(more).toHaveLength(0);
    expect(mail!.envelope.to).toEqual([awa.email]);
    expect(mail!.parsed.subject).toBe("Réinitialisation de votre mot de passe");
    const text = mail!.parsed.text ?? "";
    expect(text).toContain("Bonjour Awa,");
    expect(text).toContain("valable 30 minutes");
    expect(text).toContain("Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.");
    expect(text).toContain("L'Institut");
    expect(text).toContain("Île de Gorée, Sénégal");
    expect(mail!.parsed.html).toContain('lang="fr"');
    const token = tokenIn(mail!);
    expect(mail!.parsed.html).toContain(`#token=${token}`);
    const rows = await h.database.db.select().from(accountTokens).where(eq(accountTokens.userId, awa.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(await hashSecret(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(30 * 60_000);
  });

  it("finds the account by its e-mail too, whatever its case", async () => {
    const row = await member("khady-recup");
    expect((await ask(`  ${row.email.toUpperCase()} `)).json).toEqual({ message: REQUEST_SENT });
    const [mail] = await deliver();
    expect(mail!.envelope.to).toEqual([row.email]);
  });

  it("sets the password with the link, ends every session and pending sign-in, cancels the other links and journals it", async () => {
    const awa = await member("awa-usage");
    const { token: session } = await createSession(h.database.db, awa.id);
    expect((await send(h, "GET", "/api/user/me", undefined, { authorization: `Bearer ${session}` })).status).toBe(200);
    await ask("awa-usage");
    await ask("awa-usage");
    const [first, second] = await deliver();
    const res = await confirm(tokenIn(second!));
    expect(res).toMatchObject({ status: 200, json: { message: "Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter." } });
    expect((await send(h, "GET", "/api/user/me", undefined, { authorization: `Bearer ${session}` })).status).toBe(401);
    expect(await h.database.db.select().from(sessions).where(eq(sessions.userId, awa.id))).toHaveLength(0);
    expect(await h.database.db.select().from(accountTokens).where(and(eq(accountTokens.userId, awa.id), isNull(accountTokens.usedAt)))).toHaveLength(0);
    expect((await login(h, "awa-usage", OLD_PASSWORD, freshIp())).status).toBe(401);
    expect((await login(h, "awa-usage", NEW_PASSWORD, freshIp())).status).toBe(200);
    // The earlier link was cancelled by the use of the later one.
    expect(await confirm(tokenIn(first!), "Autre-Passe-2026!")).toMatchObject({ status: 400, json: { message: SPENT_LINK } });
    const journal = await h.database.db.select().from(auditLog).where(eq(auditLog.userId, awa.id));
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({ actor: "awa-usage", action: "update", itemKind: "member", itemId: awa.id, route: "POST /api/auth/password-reset/confirm" });
    expect(journal[0]!.summary).toContain("Mot de passe réinitialisé");
  });

  it("refuses a link used once already, and changes nothing", async () => {
    const awa = await member("awa-reuse");
    await ask("awa-reuse");
    const token = tokenIn((await deliver())[0]!);
    expect((await confirm(token)).status).toBe(200);
    const hash = await hashOf(awa.id);
    expect(await confirm(token, "Encore-Autre-2026!")).toMatchObject({ status: 400, json: { message: SPENT_LINK } });
    expect(await hashOf(awa.id)).toBe(hash);
  });

  it("refuses a link older than 30 minutes, and changes nothing", async () => {
    const awa = await member("awa-expire");
    await ask("awa-expire");
    const token = tokenIn((await deliver())[0]!);
    const { token: session } = await createSession(h.database.db, awa.id);
    // Aged in the database: the link was made 31 minutes ago and expired one minute ago.
    await h.database.db.update(accountTokens).set({ createdAt: new Date(Date.now() - 31 * 60_000), expiresAt: new Date(Date.now() - 60_000) }).where(eq(accountTokens.userId, awa.id));
    expect(await confirm(token)).toMatchObject({ status: 400, json: { message: EXPIRED_LINK } });
    expect(await hashOf(awa.id)).toBe((await h.database.db.select().from(users).where(eq(users.id, awa.id)))[0]!.passwordHash);
    expect((await login(h, "awa-expire", OLD_PASSWORD, freshIp())).status).toBe(200);
    expect((await send(h, "GET", "/api/user/me", undefined, { authorization: `Bearer ${session}` })).status).toBe(200);
  });

  it("refuses malformed and forged tokens with a French message", async () => {
    const forged = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
    for (const token of ["", "abc", "x".repeat(43) + "\r\n", "../../etc/passwd", forged, `${forged}=`]) {
      expect(await confirm(token), JSON.stringify(token)).toMatchObject({ status: 400, json: { message: INVALID_LINK } });
    }
    expect((await post(h, "/api/auth/password-reset/confirm", { token: forged })).status).toBe(400);
    expect((await post(h, "/api/auth/password-reset/confirm", { token: forged, password: NEW_PASSWORD, userId: "x" })).status).toBe(400);
  });

  it("refuses a password that breaks the rules without spending the link", async () => {
    const awa = await member("awa-faible");
    await ask("awa-faible");
    const token = tokenIn((await deliver())[0]!);
    expect(await confirm(token, "faible")).toMatchObject({ status: 400, json: { message: POLICY } });
    expect((await confirm(token)).status).toBe(200);
    expect(await hashOf(awa.id)).not.toBeNull();
  });

  it("answers an unknown login exactly as a known one, and sends nothing", async () => {
    await member("awa-connue");
    const known = await ask("awa-connue");
    await deliver();
    const before = await outboxCount();
    const unknown = await ask("personne-inconnue");
    const unknownMail = await ask("personne@inconnue.sn");
    for (const res of [unknown, unknownMail]) {
      expect(res.status).toBe(known.status);
      expect(res.json).toEqual(known.json);
      expect(res.headers.get("content-type")).toBe(known.headers.get("content-type"));
    }
    expect(await outboxCount()).toBe(before);
    expect(await deliver()).toHaveLength(0);
  });

  it("treats CR/LF in the login as part of a login that matches nobody, or trims it: no header, no other recipient", async () => {
    const row = await member("awa-crlf");
    const before = await outboxCount();
    expect((await ask("awa-crlf\r\nBcc: espion@example.org")).json).toEqual({ message: REQUEST_SENT });
    expect(await outboxCount()).toBe(before);
    expect((await ask(`${row.email}\r\n`)).json).toEqual({ message: REQUEST_SENT });
    const [mail, ...more] = await deliver();
    expect(more).toHaveLength(0);
    expect(mail!.envelope.to).toEqual([row.email]);
    expect(mail!.raw).not.toMatch(/^Bcc:/im);
  });

  it("limits requests per login (429 with Retry-After), at the same count whether or not the account exists", async () => {
    await member("awa-limite");
    const answers = async (login: string) => {
      const out = [];
      for (let i = 0; i < 6; i++) out.push(await ask(login));
      return out;
    };
    const known = await answers("awa-limite");
    const unknown = await answers("fantome-limite");
    for (const list of [known, unknown]) {
      expect(list.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(list[5]).toMatchObject({ status: 429, json: { message: TOO_MANY_RESETS } });
      expect(Number(list[5]!.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(known[5]!.json).toEqual(unknown[5]!.json);
    // Five mails at most went out for the account.
    expect(await deliver()).toHaveLength(5);
  });

  it("limits requests per address across logins", async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await ask(`inconnu-${i}`, ip)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another address is not held up.
    expect((await ask("inconnu-0")).status).toBe(200);
  });

  it("does not get past two-factor: after a reset the code is still asked at sign-in", async () => {
    const row = await member("awa-2fa");
    const { token } = await createSession(h.database.db, row.id);
    await enrolTotp(h, token, OLD_PASSWORD);
    await deliver(); // the security mail of the enrolment
    await ask("awa-2fa");
    expect((await confirm(tokenIn((await deliver())[0]!))).status).toBe(200);
    const signIn = await login(h, "awa-2fa", NEW_PASSWORD, freshIp());
    expect(signIn.status).toBe(200);
    expect(signIn.json).toMatchObject({ secondFactor: true });
    expect(signIn.json.token).toBeUndefined();
  });

  it("accepts JSON only (a form on another site cannot post here)", async () => {
    const res = await h.app.handle(
      new Request("http://localhost/api/auth/password-reset", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "login=awa-recup" }),
    );
    expect(res.status).toBe(415);
  });

  describe("invitations", () => {
    const register = (fields: Record<string, string>) => send(h, "POST", "/api/admin/register", formData({ firstname: "Moussa", name: "Sow", ...fields }), admin.auth);

    it("creates the account without a usable password and mails a 7-day link to choose it", async () => {
      const res = await register({ nickname: "moussa-invite", email: "moussa@example.sn", invite: "true" });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(await hashOf(res.json._id)).toBeNull();
      expect((await login(h, "moussa-invite", NEW_PASSWORD, freshIp())).status).toBe(401);
      const [mail] = await deliver();
      expect(mail!.envelope.to).toEqual(["moussa@example.sn"]);
      expect(mail!.parsed.subject).toMatch(/^Invitation/);
      expect(mail!.parsed.text).toContain("«\u00a0moussa-invite\u00a0»");
      expect(mail!.parsed.text).toContain("valable 7 jours");
      expect(mail!.parsed.text).toContain("Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.");
      const [row] = await h.database.db.select().from(accountTokens).where(eq(accountTokens.userId, res.json._id));
      expect(row).toMatchObject({ kind: "invitation" });
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 24 * 60 * 60_000);
      expect(await confirm(tokenIn(mail!))).toMatchObject({ status: 200, json: { message: "Votre mot de passe est enregistré. Vous pouvez maintenant vous connecter." } });
      expect((await login(h, "moussa-invite", NEW_PASSWORD, freshIp())).status).toBe(200);
      expect(await confirm(tokenIn(mail!))).toMatchObject({ status: 400, json: { message: SPENT_LINK } });
    });

    it("refuses an invitation and a password together, and keeps requiring a password otherwise", async () => {
      const before = await outboxCount();
      const both = await register({ nickname: "moussa-deux", email: "moussa2@example.sn", invite: "true", password: NEW_PASSWORD });
      expect(both).toMatchObject({ status: 400, json: { message: "Choisissez un mot de passe ou l'envoi d'une invitation, pas les deux." } });
      const none = await register({ nickname: "moussa-rien", email: "moussa3@example.sn" });
      expect(none).toMatchObject({ status: 400, json: { message: "Le mot de passe est obligatoire." } });
      const withPassword = await register({ nickname: "moussa-passe", email: "moussa4@example.sn", password: NEW_PASSWORD });
      expect(withPassword.status).toBe(201);
      expect(await outboxCount()).toBe(before);
      const nicknames = (await h.database.db.select({ n: users.nickname }).from(users)).map((r) => r.n);
      expect(nicknames).not.toContain("moussa-deux");
    });

    it("refuses `invite` on an edit (it only means something on creation)", async () => {
      const row = await makeUser(h.database.db, { nickname: "moussa-edit" });
      const res = await send(h, "PUT", `/api/admin/users/${row.id}`, { firstname: "M", name: "S", nickname: "moussa-edit", email: row.email, invite: true }, admin.auth);
      expect(res).toMatchObject({ status: 400, json: { message: "Champ inconnu\u00a0: «\u00a0invite\u00a0»." } });
    });
  });
});
