import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { StaticSite } from "../../lib/static-site";

const dir = mkdtempSync(join(tmpdir(), "reset-page-"));
writeFileSync(join(dir, "reinitialiser-mot-de-passe.html"), "<h1>Nouveau mot de passe</h1>");
writeFileSync(join(dir, "login.html"), "<h1>Connexion</h1>");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("serves the reset link's page with Referrer-Policy: no-referrer and uncached, other pages as before", () => {
  const site = new StaticSite();
  site.setRoot(dir);
  const get = (url: string) => site.serve(new Request(`http://x${url}`), new URL(`http://x${url}`).pathname)!;
  for (const url of ["/reinitialiser-mot-de-passe", "/reinitialiser-mot-de-passe?token=abc"]) {
    const res = get(url);
    expect(res.headers.get("referrer-policy"), url).toBe("no-referrer");
    expect(res.headers.get("cache-control"), url).toBe("no-store");
  }
  expect(get("/login").headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
});
