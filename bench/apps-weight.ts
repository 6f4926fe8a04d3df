/**
 * Weight of the member and admin apps at first load: the compressed JavaScript (and CSS) a signed-in person's
 * browser downloads for /user/dashboard, /user/profile and /admin/dashboard, with an empty cache, in Debian's
 * Chromium against our server with the demo content. Target for the member pages: ≤ 150 KB of compressed JS.
 * Also prints how long bundling the apps takes (cold, then reused), which no content rebuild repeats, and the
 * article editor's own chunk: the compressed JS fetched when « Nouvel Article » opens the form (issue 20 §1).
 * Usage: bun bench/apps-weight.ts   (BENCH_PORT to change the server's port, 4507 by default)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright";
import { buildApps } from "../scripts/build-apps";
import { fmt, startServer } from "./lib";

const TARGET_KB = 150;
const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

// Bundling: cold into an empty folder, then again (the server's case at every restart with unchanged sources).
const scratch = mkdtempSync(join(tmpdir(), "apps-bench-"));
const cold = await buildApps(scratch);
const warm = await buildApps(scratch);
rmSync(scratch, { recursive: true, force: true });
console.log(`apps bundle: cold ${fmt(cold.ms / 1000, 2)} s, reused ${fmt(warm.ms, 0)} ms (built: ${cold.built}, ${warm.built})`);

const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4507) });
const login = async (nickname: string, password: string) => {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ nickname, password }),
  });
  return (await res.json()) as { token: string; user: unknown };
};
const member = await login("membre", "Membre-Demo-2025!");
const admin = await login("admin", "Admin-Demo-2025!");

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: FLAGS });
console.log("page | JS KB (compressed) | CSS KB (compressed) | scripts | largest script");
let worst = 0;
for (const [path, session, ready] of [
  ["/user/dashboard", member, "Fichiers médias"],
  ["/user/profile", member, "Modifier mon profil"],
  ["/admin/dashboard", admin, "Administration"],
] as const) {
  // A fresh context: empty HTTP cache (first load) and the session the login page would have stored.
  const context = await browser.newContext();
  await context.addInitScript(([token, user]) => {
    localStorage.setItem("token", token);
    localStorage.setItem("user", user);
  }, [session.token, JSON.stringify(session.user)] as const);
  const page = await context.newPage();
  const sizes: Promise<{ type: string; url: string; bytes: number }>[] = [];
  page.on("requestfinished", (req) => {
    const type = req.resourceType();
    if (type === "script" || type === "stylesheet") {
      sizes.push(req.sizes().then((s) => ({ type, url: new URL(req.url()).pathname, bytes: s.responseBodySize })));
    }
  });
  await page.goto(server.url + path, { waitUntil: "networkidle" });
  await page.getByText(ready).first().waitFor();
  await page.waitForLoadState("networkidle");
  const files = await Promise.all(sizes);
  // Inline scripts travel inside the compressed HTML; their raw size is an upper bound.
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")]
      .filter((s) => !(s as HTMLScriptElement).type || (s as HTMLScriptElement).type === "module")
      .reduce((n, s) => n + (s.textContent ?? "").length, 0),
  );
  const js = files.filter((f) => f.type === "script");
  const jsBytes = js.reduce((n, f) => n + f.bytes, 0) + inline;
  const cssBytes = files.filter((f) => f.type === "stylesheet").reduce((n, f) => n + f.bytes, 0);
  const largest = js.sort((a, b) => b.bytes - a.bytes)[0];
  if (path.startsWith("/user/")) worst = Math.max(worst, jsBytes);
  console.log(
    `${path} | ${fmt(jsBytes / 1024)} | ${fmt(cssBytes / 1024)} | ${js.length} | ${largest ? `${largest.url} ${fmt(largest.bytes / 1024)} KB` : "-"}`,
  );
  await context.close();
}

// The editor's chunk: what opening the article form adds to /user/articles once the page has settled.
{
  const context = await browser.newContext();
  await context.addInitScript(([token, user]) => {
    localStorage.setItem("token", token);
    localStorage.setItem("user", user);
  }, [member.token, JSON.stringify(member.user)] as const);
  const page = await context.newPage();
  await page.goto(server.url + "/user/articles", { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Nouvel Article" }).waitFor();
  await page.waitForLoadState("networkidle");
  const later: Promise<{ url: string; bytes: number }>[] = [];
  page.on("requestfinished", (req) => {
    if (req.resourceType() === "script") later.push(req.sizes().then((s) => ({ url: new URL(req.url()).pathname, bytes: s.responseBodySize })));
  });
  await page.getByRole("button", { name: "Nouvel Article" }).click();
  await page.getByRole("toolbar", { name: "Mise en forme" }).waitFor();
  await page.waitForLoadState("networkidle");
  const chunks = await Promise.all(later);
  const total = chunks.reduce((n, c) => n + c.bytes, 0);
  console.log(
    `article editor (loaded when the form opens): ${fmt(total / 1024)} KB of compressed JS in ${chunks.length} file(s): ` +
      chunks.map((c) => `${c.url} ${fmt(c.bytes / 1024)} KB`).join(", "),
  );
  await context.close();
}
await browser.close();
await server.stop();
console.log(`member pages: ${fmt(worst / 1024)} KB of compressed JS at first load (target ≤ ${TARGET_KB} KB): ${worst / 1024 <= TARGET_KB ? "within" : "OVER"}`);
