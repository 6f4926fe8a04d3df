import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "../../lib/client-ip";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { LoginLimits } from "./login-limits";

const PASSWORD = "Bonjour-Goree-2025!";

/** One sign-in attempt through the real app, from a given client address. */
function attempt(h: Harness, nickname: string, password: string, ip: string) {
  return h.app.handle(
    new Request("http://localhost/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", [CLIENT_IP_HEADER]: ip },
      body: JSON.stringify({ nickname, password }),
    }),
  );
}

describe("login limits under attack", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    await makeUser(h.database.db, { nickname: "cible", password: PASSWORD });
    await makeUser(h.database.db, { nickname: "membre", password: PASSWORD });
  });
  afterAll(() => h.close());

  it("evaluates at most the allowed number of 100 parallel wrong logins from one address", async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => attempt(h, "cible", "Mauvais-2025!", "198.51.100.7")));
    const statuses = answers.map((r) => r.status);
    const evaluated = statuses.filter((s) => s === 401).length;
    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - evaluated);
  });

  it("lets the owner in from a fresh address after failures on the account from ten other addresses", async () => {
    for (let i = 1; i <= 10; i++) expect((await attempt(h, "membre", "Mauvais-2025!", `203.0.113.${i}`)).status).toBe(401);
    expect((await attempt(h, "membre", PASSWORD, "192.0.2.50")).status).toBe(200);
  });
});

describe("login limit policy", () => {
  const policy = {
    perAddress: { limit: 10, windowMs: 15 * 60_000 },
    perAddressAccount: { limit: 5, windowMs: 15 * 60_000 },
    perAccount: { limit: 50, windowMs: 60 * 60_000 },
  };
  const now = 1_000_000;
  const evaluated = (r: ReturnType<LoginLimits["begin"]>) => !("retryAfter" in r);

  it("caps the guesses on one account from many addresses at its budget plus one per fresh address", () => {
    const limits = new LoginLimits(policy);
    let guesses = 0;
    // 200 addresses, each trying 10 times: 2,000 attempts, 1,000 if each address only met its own limits.
    for (let a = 0; a < 200; a++) for (let k = 0; k < 10; k++) if (evaluated(limits.begin(`10.0.${a >> 8}.${a & 255}`, "membre", now))) guesses++;
    expect(guesses).toBeLessThanOrEqual(50 + 200);
    expect(guesses).toBeGreaterThanOrEqual(50);
  });

  it("still evaluates the owner's attempt from an address without failures when the budget is spent", () => {
    const limits = new LoginLimits(policy);
    for (let a = 0; a < 60; a++) limits.begin(`10.1.0.${a}`, "membre", now);
    expect(limits.begin("10.1.0.1", "membre", now + 1000)).toHaveProperty("retryAfter");
    const owner = limits.begin("192.0.2.9", "membre", now + 1000);
    expect(evaluated(owner)).toBe(true);
  });

  it("makes an address that failed on another account wait while this account's budget is spent", () => {
    const limits = new LoginLimits(policy);
    for (let a = 0; a < 60; a++) limits.begin(`10.2.0.${a}`, "membre", now);
    limits.begin("192.0.2.77", "autre", now);
    const r = limits.begin("192.0.2.77", "membre", now + 1000);
    expect(r).toHaveProperty("retryAfter");
    expect((r as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
  });

  it("gives a successful attempt back, so signing in often never runs into the limits", () => {
    const limits = new LoginLimits(policy);
    for (let i = 0; i < 30; i++) {
      const r = limits.begin("192.0.2.1", "membre", now + i);
      expect(evaluated(r)).toBe(true);
      (r as { succeeded(): void }).succeeded();
    }
  });

  it("answers a burst from one address with at most its limit of evaluations", () => {
    const limits = new LoginLimits(policy);
    const results = Array.from({ length: 100 }, () => limits.begin("192.0.2.2", `compte${Math.random()}`, now));
    expect(results.filter(evaluated)).toHaveLength(10);
  });
});
