/**
 * Issue 30 §4, « Mot de passe oublié ? » as an outsider sees it: reset mails are limited per account (its alias and
 * its e-mail count as one), silently (the same answer past the limit), and a request takes the same steps whether
 * the login names an account, nobody, or an account past its limit (the timings: bench/reset-timing.ts, figures in
 * docs/PERFORMANCE.md; this test checks the path, never a time). Through the real app over a real libSQL file.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, mailOutbox, users } from "../../../db/schema";
import { memoryAccountLimits } from "../../lib/account-limits";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { post } from "../auth/two-factor-test-kit";
import { REQUEST_SENT } from "./messages";
import { PasswordReset, type ResetStep } from "./service";

describe("password reset: one limit per account, the same work for every login", () => {
  let h: Harness;
  let ip = 0;
  /** Each request from its own client address: only the per-login and per-account limits are at play. */
  const ask = (login: string) => post(h, "/api/auth/password-reset", { login }, `203.0.113.${++ip}`);
  const mailsTo = async (address: string) => (await h.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address))).length;

  beforeAll(async () => {
    h = await createHarness({ PUBLIC_URL: "https://institut.example.sn" });
  });
  afterAll(() => h.close());

  it("sends an account at most 5 mails an hour, its alias and its e-mail counted together, answering the same past it", async () => {
    const awa = await makeUser(h.database.db, { nickname: "awa-limite", firstname: "Awa" });
    await h.database.db.update(users).set({ email: "Awa.Limite@example.sn" }).where(eq(users.id, awa.id));
    // 3 by alias and 3 by e-mail: each login stays under its own limit (5 as typed), the account goes over.
    const answers = [];
    for (const login of ["awa-limite", "AWA-LIMITE", "awa-limite", "awa.limite@example.sn", "Awa.Limite@example.sn", "awa.limite@example.sn"]) answers.push(await ask(login));
    for (const a of answers) expect({ status: a.status, json: a.json }).toEqual({ status: 200, json: { message: REQUEST_SENT } });
    expect(await mailsTo("Awa.Limite@example.sn")).toBe(5);
    expect(await h.database.db.select().from(accountTokens).where(eq(accountTokens.userId, awa.id))).toHaveLength(5);
    // Another account is not affected.
    const moussa = await makeUser(h.database.db, { nickname: "moussa-limite" });
    expect((await ask("moussa-limite")).json).toEqual({ message: REQUEST_SENT });
    expect(await mailsTo(moussa.email)).toBe(1);
  });

  it("takes the same steps for an account, for nobody and for an account past its limit; only the first commits", async () => {
    const steps: ResetStep[] = [];
    const limits = memoryAccountLimits({ uploadsPerHour: 60 });
    const reset = new PasswordReset(h.database.db, h.deps.env, limits, () => new Date(), (step) => steps.push(step));
    const account = await makeUser(h.database.db, { nickname: "khady-pareil" });
    const run = async (login: string) => {
      steps.length = 0;
      expect(await reset.request(login, "192.0.2.50")).toBe(REQUEST_SENT);
      return [...steps];
    };
    const tokens = async () => (await h.database.db.select().from(accountTokens)).length;
    const outbox = async () => (await h.database.db.select().from(mailOutbox)).length;

    const before = { tokens: await tokens(), outbox: await outbox() };
    const forAccount = await run("khady-pareil");
    expect({ tokens: await tokens(), outbox: await outbox() }).toEqual({ tokens: before.tokens + 1, outbox: before.outbox + 1 });
    const forNobody = await run("personne-de-ce-nom");
    // 4 more for the account (5 in all), then one past its limit.
    for (let i = 0; i < 4; i++) await run(account.email);
    const afterFive = { tokens: await tokens(), outbox: await outbox() };
    const pastLimit = await run(account.email);

    const common: ResetStep[] = ["limits", "lookup", "account-limit", "token", "render", "store", "queue"];
    expect(forAccount).toEqual([...common, "commit"]);
    // Nobody and the account past its limit: a token hashed, a mail rendered, stored and queued, then undone.
    expect(forNobody).toEqual([...common, "rollback", "commit"]);
    expect(pastLimit).toEqual([...common, "rollback", "commit"]);
    expect({ tokens: await tokens(), outbox: await outbox() }).toEqual(afterFive);
  });
});
