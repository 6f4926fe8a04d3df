import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { person, type Person } from "../modules/users/test-kit";
import { createHarness, type Harness } from "../testing/harness";
import { audienceOf } from "./access-gate";

const DUMMY_ID = "0123456789abcdef01234567";

describe("access to admin and member routes", () => {
  let h: Harness;
  let member: Person;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    h = await createHarness();
    member = await person(h, "gate-membre");
    // Every route the app really has, so a route added tomorrow is checked without editing this test.
    routes = h.app.routes
      .filter((r) => r.method !== "WS" && typeof r.path === "string")
      .map((r) => ({ method: r.method, path: r.path.replace(/:[A-Za-z_]+/g, DUMMY_ID) }));
  });
  afterAll(() => h.close());

  const call = (method: string, path: string, headers: Record<string, string> = {}) =>
    h.app.handle(new Request(`http://localhost${path}`, { method, headers: { "content-type": "application/json", ...headers }, body: method === "GET" || method === "HEAD" ? undefined : "{}" }));

  it("finds the admin routes in the app itself", () => {
    const admin = routes.filter((r) => audienceOf(r.path) === "admin");
    expect(admin.length).toBeGreaterThan(20);
    for (const expected of ["/api/admin/users", "/api/admin/themes", "/api/admin/events", "/api/admin/site", "/api/admin/audit"]) {
      expect(admin.map((r) => r.path)).toContain(expected);
    }
  });

  it("answers 401 to an anonymous caller and 403 to a member on every /api/admin/* and /api/users/* route", async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => audienceOf(x.path) === "admin")) {
      const anonymous = await call(r.method, r.path);
      const asMember = await call(r.method, r.path, member.auth);
      if (anonymous.status !== 401) wrong.push(`${r.method} ${r.path}: anonymous got ${anonymous.status}`);
      if (asMember.status !== 403) wrong.push(`${r.method} ${r.path}: member got ${asMember.status}`);
      else expect((await asMember.json()).message).toBe("Accès réservé aux administrateurs.");
    }
    expect(wrong).toEqual([]);
  });

  it("answers 401 to an anonymous caller on every /api/user/* route, before reading the body", async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => audienceOf(x.path) === "member")) {
      const anonymous = await call(r.method, r.path);
      if (anonymous.status !== 401) wrong.push(`${r.method} ${r.path}: anonymous got ${anonymous.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("classifies paths by prefix, a member's own /api/users/me/ included", () => {
    expect(audienceOf("/api/admin/anything")).toBe("admin");
    expect(audienceOf("/api/users")).toBe("admin");
    expect(audienceOf("/api/users/42")).toBe("admin");
    expect(audienceOf("/api/users/me/profile-pic")).toBe("member");
    expect(audienceOf("/api/user/articles")).toBe("member");
    expect(audienceOf("/api/public/themes")).toBe("public");
    expect(audienceOf("/api/administrative")).toBe("public");
  });
});
