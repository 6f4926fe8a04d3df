/**
 * A real site build (scripts/build-site.ts: Astro, Pagefind, compression) against the real API on a temporary
 * database, with names that once stopped every build. Slow (a real Astro build), so one build serves all checks.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSP_HASHES_FILE } from "../api/lib/security-headers";
import { inlineScriptHashes } from "./csp-hashes";
import { makeArticle, makeUser } from "../api/testing/factory";
import { createHarness, type Harness } from "../api/testing/harness";
import { runSiteBuild } from "../api/testing/site-build";

const PASSWORD = "Bonjour-Goree-2025!";

describe("a site build with awkward names", () => {
  let h: Harness;
  let server: ReturnType<typeof Bun.serve>;
  let out: string;
  let result: { code: number; log: string };

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    const awa = await makeUser(db, { nickname: "awa", firstname: "Awa", name: "Ndiaye", groups: ["cercleImp"], password: PASSWORD });
    await makeUser(db, { nickname: "fatou1", firstname: "Fatou", name: "Diop", groups: ["cercleImp"] });
    await makeUser(db, { nickname: "fatou2", firstname: "Fatou", name: "Diop", groups: ["cercleImp"] });
    await makeUser(db, { nickname: "emoji", firstname: "Rose 🌹", name: "100% #1?", groups: ["cercleAx"] });
    // The nickname rule allows "..": a page /user/.. would be a folder walk.
    await makeUser(db, { nickname: "..", firstname: "Point", name: "Point" });
    await makeArticle(db, { title: "Un article", authors: [awa.id] });
    // The reproduction: the member renames themself through the API.
    const { json } = await h.call("POST", "/api/auth/login", { nickname: "awa", password: PASSWORD });
    const renamed = await h.call(
      "PUT",
      "/api/user/me",
      { firstname: "Awa", name: "Nd/iaye", nickname: "awa", email: "awa@example.sn", currentPassword: PASSWORD },
      { authorization: `Bearer ${json.token}` },
    );
    expect(renamed.status).toBe(200);

    server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (r) => h.app.handle(r) });
    out = mkdtempSync(join(tmpdir(), "build-out-"));
    result = await runSiteBuild(`http://127.0.0.1:${server.port}`, out);
  }, 300_000);

  afterAll(() => {
    server?.stop(true);
    h?.close();
    if (out && !process.env.KEEP_BUILD) rmSync(out, { recursive: true, force: true });
    else console.log(out);
  });

  it("succeeds when a member names themself Nd/iaye", () => {
    expect(result.code, result.log.slice(-3000)).toBe(0);
    expect(existsSync(join(out, "cercle-impulsion", "Awa_Nd_iaye.html"))).toBe(true);
  });

  it("leaves out a profile page whose address would walk folders, and says so in the log", () => {
    expect(result.log).toContain('[build] page skipped: member ".."');
    expect(readFileSync(join(out, "index.html"), "utf8")).toContain("<html");
  });

  it("gives namesakes one page each", () => {
    expect(readFileSync(join(out, "cercle-impulsion", "Fatou_Diop.html"), "utf8")).toContain("Fatou");
    expect(existsSync(join(out, "cercle-impulsion", "Fatou_Diop_2.html"))).toBe(true);
  });

  it("builds a page for a name made of emoji and reserved characters", () => {
    expect(existsSync(join(out, "cercle-axiologique", "Rose_100_1.html"))).toBe(true);
  });

  it("lists the hash of every inline script of every page for the CSP header", () => {
    const listed = new Set<string>(JSON.parse(readFileSync(join(out, CSP_HASHES_FILE), "utf8")).scriptHashes);
    const pages = (readdirSync(out, { recursive: true }) as string[]).filter((f) => f.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(5);
    const used = new Set<string>();
    for (const page of pages) inlineScriptHashes(readFileSync(join(out, page), "utf8"), used);
    expect(used.size).toBeGreaterThan(0);
    for (const h of used) expect(listed.has(h), h).toBe(true);
  });
});
