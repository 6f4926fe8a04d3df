import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { memoryAccountLimits, SEARCH_LIMIT } from "../lib/account-limits";
import { person, send, type Person } from "../modules/articles/test-kit";
import { makeArticle } from "../testing/factory";
import { createHarness, type Harness } from "../testing/harness";

/** Issue 18 §3: one account searching in a loop gets 429 after the limit; nobody else notices. */
describe("search limit per account", () => {
  let h: Harness;
  let awa: Person;
  let jean: Person;
  let admin: Person;
  // A clock that only moves when the test says so: the window cannot end in the middle of a burst.
  let clock = 1_000_000;

  beforeAll(async () => {
    h = await createHarness();
    awa = await person(h, "awa");
    jean = await person(h, "jean");
    admin = await person(h, "chef", "admin");
    await makeArticle(h.database.db, { title: "Pêche artisanale à Joal" });
  });
  beforeEach(() => {
    h.deps.limits = memoryAccountLimits(h.deps.env, () => clock);
  });
  afterAll(() => h.close());

  const search = (who: Person, path = "/api/user/articles", q = "pêche") =>
    h.app.handle(new Request(`http://localhost${path}?q=${encodeURIComponent(q)}`, { headers: who.auth }));

  it("answers 429 in French with Retry-After once a member passes the limit, and leaves another member alone", async () => {
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 100; i++) {
      const res = await search(awa);
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
      else await res.body?.cancel();
    }
    expect(statuses.slice(0, SEARCH_LIMIT.limit).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(SEARCH_LIMIT.limit).every((s) => s === 429)).toBe(true);
    expect(await refused!.json()).toEqual({ message: "Trop de recherches, réessayez dans quelques secondes." });
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused!.headers.get("retry-after"))).toBeLessThanOrEqual(SEARCH_LIMIT.windowMs / 1000);

    // Another member searches as usual, and the flooding member still sees their list without a search.
    expect((await search(jean)).status).toBe(200);
    expect((await send(h, "GET", "/api/user/articles", undefined, awa.auth)).status).toBe(200);
    expect((await send(h, "GET", "/api/user/articles?q=", undefined, awa.auth)).status).toBe(200);

    // Once the window has passed, the member searches again.
    clock += SEARCH_LIMIT.windowMs;
    expect((await search(awa)).status).toBe(200);
  });

  it("counts every member and admin search of the account together, admins included", async () => {
    const paths = ["/api/admin/articles", "/api/admin/media", "/api/user/articles"];
    for (let i = 0; i < SEARCH_LIMIT.limit; i++) expect((await search(admin, paths[i % paths.length])).status).toBe(200);
    for (const path of paths) {
      const res = await search(admin, path);
      expect(res.status, path).toBe(429);
      expect((await res.json()).message).toBe("Trop de recherches, réessayez dans quelques secondes.");
    }
    expect((await search(awa, "/api/user/articles")).status).toBe(200);
  });

  it("does not count list reads without a search, nor searches that are refused for bad input", async () => {
    for (let i = 0; i < SEARCH_LIMIT.limit * 2; i++) {
      expect((await send(h, "GET", "/api/admin/media", undefined, admin.auth)).status).toBe(200);
    }
    expect((await search(admin, "/api/admin/media", "x".repeat(201))).status).toBe(400);
    expect((await search(admin, "/api/admin/media")).status).toBe(200);
  });
});
