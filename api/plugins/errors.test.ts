import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";

describe("error shape", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ REBUILD_TOKEN: "s3cret-token" });
  });
  afterAll(() => h.close());

  it("answers unknown API paths with 404 and a French message", async () => {
    expect(await h.call("GET", "/api/public/nothing-here")).toMatchObject({ status: 404, json: { message: "Ressource introuvable." } });
  });

  it("answers unreadable JSON with 400 and a French message", async () => {
    const res = await h.app.handle(
      new Request("http://localhost/api/public/contact", { method: "POST", headers: { "content-type": "application/json" }, body: "{oops" }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/[a-zé]/);
  });

  it("refuses the rebuild hook without the right token", async () => {
    expect((await h.call("POST", "/api/hooks/rebuild")).status).toBe(401);
    expect((await h.call("POST", "/api/hooks/rebuild", undefined, { authorization: "Bearer wrong-token!" })).status).toBe(401);
    expect(h.builds).toBe(0);
    const ok = await h.call("POST", "/api/hooks/rebuild", undefined, { authorization: "Bearer s3cret-token" });
    expect(ok.status).toBe(202);
    expect(h.builds).toBe(1);
  });
});
