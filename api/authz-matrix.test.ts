import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRule } from "./testing/authz-matrix-call";
import { RULES, type Rule } from "./testing/authz-matrix";
import { makeWorld, ROLES, type Caller, type World } from "./testing/authz-matrix-world";
import { createHarness, type Harness } from "./testing/harness";

const keyOf = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** One call of `rule`'s route as `caller`, through the app in this process. */
const call = (w: World, method: string, path: string, rule: Rule, caller: Caller) => callRule((r) => w.h.app.handle(r), w, method, path, rule, caller);

describe("authorization matrix over the app's own route table", () => {
  let h: Harness;
  let w: World;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    h = await createHarness({ REBUILD_TOKEN: "jeton-de-reconstruction-de-la-matrice" });
    w = await makeWorld(h);
    routes = h.app.routes.filter((r) => r.method !== "WS" && typeof r.path === "string").map((r) => ({ method: r.method, path: r.path }));
  });
  afterAll(() => h.close());

  it("has a rule for every route the app serves, and none for a route it no longer serves", () => {
    const served = new Set(routes.map(keyOf));
    const missing = [...served].filter((k) => !(k in RULES));
    const stale = Object.keys(RULES).filter((k) => !served.has(k));
    // A new route needs a line in api/testing/authz-matrix.ts saying who may call it.
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    expect(routes.length).toBeGreaterThan(80);
  });

  it("answers every route with the expected status for anonymous, member, another member and admin", async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      const rule = RULES[keyOf(r)];
      if (!rule) continue;
      for (const role of ROLES) {
        const { status, message } = await call(w, r.method, r.path, rule, await w.caller(role));
        const expected = rule.expect[role];
        if (status !== expected) wrong.push(`${keyOf(r)} as ${role}: expected ${expected}, got ${status} (${String(message)})`);
        else if ((status === 401 || status === 403) && (typeof message !== "string" || message.length < 10)) {
          wrong.push(`${keyOf(r)} as ${role}: ${status} without a French message`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("leaves the owner's article untouched when another member is refused", async () => {
    const id = await w.fresh.article();
    const other = await w.caller("other");
    const rule = RULES["PUT /api/user/articles/:id"]!;
    const put = await call(w, "PUT", "/api/user/articles/:id", { ...rule, params: () => ({ id }) }, other);
    expect(put.status).toBe(403);
    const del = await call(w, "DELETE", "/api/user/articles/:id", { ...RULES["DELETE /api/user/articles/:id"]!, params: () => ({ id }) }, other);
    expect(del.status).toBe(403);
    const seen = await h.call("GET", `/api/user/articles/${id}`, undefined, (await w.caller("member")).headers);
    expect(seen.status).toBe(200);
    expect(seen.json.title).toMatch(/^Article \d+$/);
  });
});
