/**
 * Lighthouse mobile performance (median of 3) and page weight for the main public pages, in Debian's Chromium,
 * against our server with the demo content. Lighthouse is installed on demand (not a project dependency).
 * Usage: bun bench/lighthouse.ts [runs=3]
 */
import { existsSync } from "node:fs";
import { chromium } from "playwright";
import { fmt, startServer } from "./lib";

const runs = Number(process.argv[2] ?? 3);
if (!existsSync("node_modules/lighthouse")) {
  console.log("installing lighthouse 13 (not saved in package.json)...");
  const p = Bun.spawnSync(["npm", "install", "--no-save", "--ignore-scripts", "lighthouse@13"], { stdout: "ignore", stderr: "inherit" });
  if (p.exitCode !== 0) throw new Error("npm install lighthouse failed");
}
const FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const server = await startServer({ port: 4506 });
const articles = await (await fetch(`${server.url}/api/public/articles`)).json();
const events = await (await fetch(`${server.url}/api/public/events`)).json();
const media = await (await fetch(`${server.url}/api/public/media`)).json();
const pages: Record<string, string> = {
  accueil: "/",
  articles: "/articles",
  article: `/article/${articles[0].url}`,
  mediatheque: "/mediatheque",
  events: "/events",
  "event": `/event/${events[0].url}`,
  "media (audio)": `/media/${media.find((m: { type: string }) => m.type === "audio").url}`,
  "membres": "/cercle-impulsion/members",
};

// Page weight: bytes on the wire (compressed) per page, and the JavaScript part of it.
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: FLAGS.slice(1) });
console.log("page | transferred KB | JS KB (compressed) | requests");
for (const [name, path] of Object.entries(pages)) {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  let total = 0;
  let js = 0;
  let requests = 0;
  const types = new Map<string, string>();
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
  cdp.on("Network.loadingFinished", (e) => {
    total += e.encodedDataLength;
    requests++;
    if (types.get(e.requestId) === "Script") js += e.encodedDataLength;
  });
  await page.goto(server.url + path, { waitUntil: "networkidle" });
  await page.close();
  console.log(`${name} | ${fmt(total / 1024)} | ${fmt(js / 1024)} | ${requests}`);
}
await browser.close();

const lighthouse = "node_modules/lighthouse/cli/index.js";
console.log(`\nLighthouse ${runs} runs per page, mobile preset (default), median performance score:`);
for (const [name, path] of Object.entries(pages).slice(0, 5)) {
  const scores: number[] = [];
  for (let i = 0; i < runs; i++) {
    const p = Bun.spawnSync(
      [process.execPath, lighthouse, server.url + path, "--only-categories=performance", "--output=json", "--quiet", `--chrome-flags=${FLAGS.join(" ")}`],
      { env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" }, stdout: "pipe", stderr: "pipe" },
    );
    try {
      scores.push(JSON.parse(p.stdout.toString()).categories.performance.score * 100);
    } catch {
      console.log(`  ${name}: run ${i + 1} failed: ${p.stderr.toString().slice(-300)}`);
    }
  }
  scores.sort((a, b) => a - b);
  console.log(`${name} (${path}): ${scores.length ? scores[Math.floor(scores.length / 2)] : "n/a"} (runs: ${scores.join(", ")}; target >= 95)`);
}
await server.stop();
