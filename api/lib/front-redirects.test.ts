import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createFront } from "./front";
import { StaticSite } from "./static-site";

describe("redirects of the front", () => {
  const dir = mkdtempSync(join(tmpdir(), "front-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const handle = createFront({
    site: new StaticSite(),
    apps: new StaticSite(),
    uploadsDir: dir,
    api: async () => new Response(null, { status: 204 }),
  });

  it("never send a visitor to the host named in the request's Host header", async () => {
    for (const [path, target] of [
      ["/user", "/user/dashboard"],
      ["/admin/", "/admin/dashboard"],
    ] as const) {
      const res = await handle(new Request(`http://evil.example${path}`, { headers: { host: "evil.example" } }), "127.0.0.1");
      expect(res.status).toBe(302);
      const location = res.headers.get("location")!;
      expect(location).not.toContain("evil.example");
      expect(new URL(location, "http://ours.example").pathname).toBe(target);
    }
  });
});
