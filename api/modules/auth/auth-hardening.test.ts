import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthStates } from "../../../db/schema";
import { CLIENT_IP_HEADER } from "../../lib/client-ip";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { googleHarness } from "./google-test-kit";

const PASSWORD = "Bonjour-Goree-2025!";

describe("sign-in requests a cross-site page could forge", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    await makeUser(h.database.db, { nickname: "khady", password: PASSWORD });
  });
  afterAll(() => h.close());

  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    h.app.handle(new Request("http://localhost/api/auth/login", { method: "POST", body, headers }));

  it("refuses a urlencoded login (what an HTML form on another site sends) with 415 in French", async () => {
    const res = await post(`nickname=khady&password=${encodeURIComponent(PASSWORD)}`, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe("Les données doivent être envoyées au format JSON.");
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a multipart login and a JSON body labelled text/plain", async () => {
    const form = new FormData();
    form.set("nickname", "khady");
    form.set("password", PASSWORD);
    expect((await post(form)).status).toBe(415);
    const plain = await post(JSON.stringify({ nickname: "khady", password: PASSWORD }), { "content-type": "text/plain" });
    expect(plain.status).toBe(415);
  });

  it("still signs in with JSON", async () => {
    const res = await post(JSON.stringify({ nickname: "khady", password: PASSWORD }), { "content-type": "application/json; charset=utf-8" });
    expect(res.status).toBe(200);
  });
});

describe("malformed requests", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it("answers 401, not 500, to a session cookie that is not valid percent-encoding", async () => {
    const res = await h.call("GET", "/api/user/me", undefined, { cookie: "session=%E0%A4%A" });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe("Veuillez vous connecter.");
  });

  it("answers 404, not 500, to a path segment that is not valid percent-encoding", async () => {
    for (const path of ["/api/public/member/%ff", "/api/public/author/%E0%A4%A", "/api/public/article/%ff", "/api/public/media/%ff"]) {
      const res = await h.call("GET", path);
      expect(res.status, path).toBe(404);
      expect(typeof res.json.message, path).toBe("string");
    }
  });
});

describe("answers carrying personal data", () => {
  let h: Harness;
  let auth: Record<string, string>;
  beforeAll(async () => {
    h = await createHarness();
    await makeUser(h.database.db, { nickname: "chef", role: "admin", password: PASSWORD });
    const login = await h.call("POST", "/api/auth/login", { nickname: "chef", password: PASSWORD });
    expect(login.headers.get("cache-control")).toBe("no-store");
    auth = { authorization: `Bearer ${login.json.token}` };
  });
  afterAll(() => h.close());

  it("tell every cache not to store them", async () => {
    for (const path of ["/api/user/me", "/api/admin/users", "/api/user/articles"]) {
      const res = await h.call("GET", path, undefined, auth);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
    const refused = await h.call("GET", "/api/user/me");
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });

  it("leave public answers cacheable", async () => {
    const res = await h.call("GET", "/api/public/members");
    expect(res.headers.get("cache-control")).not.toBe("no-store");
  });
});

describe("starting a Google sign-in", () => {
  let google: Awaited<ReturnType<typeof googleHarness>>;
  let h: Harness;
  beforeAll(async () => {
    google = await googleHarness();
    h = google.h;
  });
  afterAll(() => google.stop());

  it("is limited per address, so a loop cannot fill the state table", async () => {
    const start = () => h.app.handle(new Request("http://localhost/api/auth/google", { headers: { [CLIENT_IP_HEADER]: "198.51.100.20" } }));
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await start()).status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(20);
    expect(statuses.at(-1)).toBe(429);
    const rows = await h.database.db.select().from(oauthStates);
    expect(rows.length).toBeLessThanOrEqual(20);
    const other = await h.app.handle(new Request("http://localhost/api/auth/google", { headers: { [CLIENT_IP_HEADER]: "198.51.100.21" } }));
    expect(other.status).toBe(200);
  });
});
