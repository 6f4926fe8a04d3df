/**
 * The back office's article list at scale (issue 10: "lists stay usable at 5,000 articles"): the real server on a
 * generated database, then
 *  - GET /api/admin/articles, one page of 50 for each of the four sorts: p50/p99 under wrk (8 connections, signed
 *    in as an admin) and p50/p99 of sequential calls walking through pages (one person clicking);
 *  - the time to first rendered rows of /admin/articles in Debian's Chromium: from the navigation's start to the
 *    first row of the table in the DOM, fresh browser context each time (empty HTTP cache), and the time from
 *    choosing « Par auteur » to the re-sorted rows.
 * Usage: bun bench/admin-list.ts [articles=5000] [seconds=10]   (BENCH_PORT moves it off 4508)
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright";
import { BUN, ensureDebian, fmt, percentile, startServer, wrk } from "./lib";

const [articles = "5000", secondsArg = "10"] = process.argv.slice(2);
const seconds = Number(secondsArg);
const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const SORTS = ["recent", "title", "author", "status"] as const;

await ensureDebian("wrk", "wrk");
const dir = mkdtempSync(join(tmpdir(), "bench-admin-"));
const databaseUrl = `file:${join(dir, "site.db")}`;
Bun.spawnSync([BUN, "bench/generate.ts", databaseUrl, articles, "2000", "1000", "300"], { stdout: "inherit" });
// The real site build: /admin/articles is one of its shell pages.
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4508), databaseUrl, dir, env: { SEED: "none", ADMIN_NICKNAME: "bench", ADMIN_PASSWORD: "bench-password-123" } });

// generate.ts makes membre0 an admin who can sign in.
const login = await fetch(`${server.url}/api/auth/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ nickname: "membre0", password: "bench-password-123" }),
});
if (login.status !== 200) throw new Error(`login answered ${login.status}`);
const session = (await login.json()) as { token: string; user: unknown };
const auth = { authorization: `Bearer ${session.token}` };
const listUrl = (sort: string, page = 1) => `${server.url}/api/admin/articles?page=${page}&pageSize=50&sort=${sort}`;

const first = (await (await fetch(listUrl("recent"), { headers: auth })).json()) as { total: number; items: unknown[] };
console.log(`dataset: ${first.total} articles; a page is ${first.items.length} rows`);

/** wrk with the admin's bearer token. */
const wrkAuth = (url: string) => wrk(url, { threads: 2, connections: 8, seconds, headers: { Authorization: `Bearer ${session.token}` } });

console.log(`GET /api/admin/articles (page of 50), wrk 8 connections ${seconds} s | sequential pages 1-40`);
for (const sort of SORTS) {
  const loaded = await wrkAuth(listUrl(sort));
  const times: number[] = [];
  for (let page = 1; page <= 40; page++) {
    const t = performance.now();
    const res = await fetch(listUrl(sort, page), { headers: { ...auth, "accept-encoding": "gzip" } });
    if (res.status !== 200) throw new Error(`${sort} page ${page}: ${res.status}`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  console.log(
    `sort=${sort}: ${Math.round(loaded.rps)} req/s, p50 ${fmt(loaded.p50, 1)} ms, p99 ${fmt(loaded.p99, 1)} ms${loaded.non2xx ? `, non-2xx ${loaded.non2xx}` : ""}` +
      ` | sequential p50 ${fmt(percentile(times, 50), 1)} ms, p99 ${fmt(percentile(times, 99), 1)} ms`,
  );
}

// The browser: the session the login page would have stored, then the screen from a cold cache.
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: FLAGS });
const firstRows: number[] = [];
const resorts: number[] = [];
for (let run = 0; run < 5; run++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(([token, user]) => {
    localStorage.setItem("token", token);
    localStorage.setItem("user", user);
    // Time (from the navigation's start) when the table's first row enters the DOM.
    const w = window as unknown as { __firstRow?: number };
    new MutationObserver((_, observer) => {
      if (document.querySelector("table.data-table tbody th[scope=row]")) {
        w.__firstRow = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, [session.token, JSON.stringify(session.user)] as const);
  const page = await context.newPage();
  await page.goto(`${server.url}/admin/articles`, { waitUntil: "commit" });
  await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow !== undefined, null, { timeout: 60_000 });
  firstRows.push(await page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow));

  // Re-sorting by author: from the choice to the first row showing another article.
  const before = await page.locator("tbody th[scope=row]").first().textContent();
  const t = await page.evaluate(() => performance.now());
  await page.getByLabel("Trier").selectOption("author");
  await page.waitForFunction((old) => document.querySelector("tbody th[scope=row]")?.textContent !== old, before, { timeout: 60_000 });
  resorts.push((await page.evaluate(() => performance.now())) - t);
  await context.close();
}
await browser.close();
console.log(
  `/admin/articles in Chromium, time to first rendered rows (cold cache, 5 runs): median ${fmt(percentile(firstRows, 50), 0)} ms, worst ${fmt(Math.max(...firstRows), 0)} ms`,
);
console.log(`re-sort « Par auteur » to rows on screen: median ${fmt(percentile(resorts, 50), 0)} ms, worst ${fmt(Math.max(...resorts), 0)} ms`);
await server.stop();
