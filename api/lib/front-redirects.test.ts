import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

  it("answers 301 from a renamed member's old profile address to the new one, in any case, path-only (issue 19 §3.18)", async () => {
    const root = join(dir, "build");
    mkdirSync(join(root, "cercle-impulsion"), { recursive: true });
    writeFileSync(join(root, "cercle-impulsion", "Awa_Sarr.html"), "<p>Awa Sarr</p>");
    writeFileSync(join(root, "cercle-impulsion", "Fatou_Diop.html"), "<p>Fatou Diop</p>");
    writeFileSync(join(root, "404.html"), "<p>Page introuvable</p>");
    writeFileSync(
      join(root, "moved.json"),
      JSON.stringify({
        "/cercle-impulsion/awa_ndiaye": "/cercle-impulsion/Awa_Sarr",
        "/user/aïssatou": "/user/aissatou.n",
        // A live page wins over an old address that points elsewhere.
        "/cercle-impulsion/fatou_diop": "/cercle-impulsion/Awa_Sarr",
        "/evil": "//evil.example/",
      }),
    );
    const site = new StaticSite();
    site.setRoot(root);
    const front = createFront({ site, apps: new StaticSite(), uploadsDir: dir, api: async () => new Response(null, { status: 204 }) });
    const get = (path: string) => front(new Request(`http://evil.example${path}`, { headers: { host: "evil.example" } }), "127.0.0.1");

    for (const path of ["/cercle-impulsion/Awa_Ndiaye", "/cercle-impulsion/awa_ndiaye", "/cercle-impulsion/Awa_Ndiaye/"]) {
      const res = await get(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get("location"), path).toBe("/cercle-impulsion/Awa_Sarr");
    }
    expect((await get(`/user/${encodeURIComponent("Aïssatou")}`)).headers.get("location")).toBe("/user/aissatou.n");
    expect((await get("/cercle-impulsion/Fatou_Diop")).status).toBe(200);
    expect((await get("/cercle-impulsion/Awa_Sarr")).status).toBe(200);
    expect((await get("/cercle-impulsion/Personne")).status).toBe(404);
    expect((await get("/evil")).status, "only path-only targets are followed").toBe(404);
  });
});
