/**
 * Typing in a long article (issue 20 §1: "typing in a 10,000-word article stays smooth"). Opens the member's
 * article form on an article of 10,000 words in Debian's Chromium against our server with the demo content,
 * puts the cursor in the middle of the text and types 200 characters one key at a time. Each keystroke's latency
 * is the time from its keydown to the frame after the editor has handled it (a requestAnimationFrame scheduled at
 * keydown, then a message posted from it: the next task after that frame's rendering). Prints p50, p95 and max.
 *
 * The form refuses more than 10,000 characters (spec §9), so the long body is written into the database behind
 * the API, as an import would: the editor opens it as it would any stored article.
 * With `paper` (issue 32 §1): a policy paper of 3,000 words instead, with a table of 6 rows × 5 columns after every
 * fifth paragraph and a footnote in every paragraph (the blocks that add node types, CSS counters and cells).
 * With BENCH_DRAFT=1 the article is a draft, as a paper being written is: the form then autosaves it (a copy in the
 * browser after each pause, then the server), so the keys also pay for what autosave does while typing goes on.
 * With BENCH_TRACE=1, the typing is also recorded as a Chrome performance trace, and the renderer's main-thread
 * time per key is printed by kind of work (script, style, layout, paint…): what the frame-bound latency hides.
 * With BENCH_PROFILE=1, a sampled CPU profile of the typing prints the JavaScript functions' self time per key
 * (names are readable after building the apps with `minify: false` in scripts/build-apps.ts, locally only).
 * BENCH_CSS adds a style sheet to the page before typing (to try a rendering change without rebuilding).
 * Usage: bun bench/editor-typing.ts [paper]   (BENCH_PORT to change the server's port, 4508 by default)
 */
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { chromium } from "playwright";
import { fmt, percentile, startServer } from "./lib";

const PAPER = process.argv[2] === "paper";
const TRACE = process.env.BENCH_TRACE === "1";
/** BENCH_PROFILE=1: a sampled CPU profile of the typing, self time per function (clearer with unminified apps). */
const PROFILE = process.env.BENCH_PROFILE === "1";
type CpuProfile = { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[]; samples: number[]; timeDeltas: number[] };
const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "v8.execute"];
const TRACE_KINDS = ["RunTask", "EventDispatch", "FunctionCall", "TimerFire", "FireAnimationFrame", "RunMicrotasks", "UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "Commit", "HitTest", "ScheduleStyleRecalculation", "IntersectionObserverController::computeIntersections", "ParseHTML", "MajorGC", "MinorGC", "V8.GC_SCAVENGER", "BlinkGC.AtomicPhase"];
type TraceEvent = { name: string; ph: string; pid: number; tid: number; dur?: number; args?: { name?: string; data?: { type?: string } } };
const WORDS = PAPER ? 3_000 : 10_000;
/** The heading the cursor goes to (the middle), and the last one (the text is shown when it is). */
const MIDDLE = PAPER ? "Partie 3" : "Partie 10";
const LAST = PAPER ? "Partie 6" : "Partie 20";
const KEYS = 200;
const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const VOCABULARY = (
  "le littoral sénégalais recule chaque année sous l'effet combiné de la houle des extractions de sable et de la " +
  "montée des eaux les communautés de pêcheurs de Joal à Saint-Louis déplacent leurs pirogues leurs maisons et " +
  "parfois leurs cimetières tandis que les collectivités cherchent des réponses durables entre digues mangroves et planification"
).split(" ");

/** 10,000 words in paragraphs of 50, with a heading every ten paragraphs and some emphasis, as a long report. */
function longBody(): string {
  const parts: string[] = [];
  let n = 0;
  for (let p = 0; n < WORDS; p++) {
    if (p % 10 === 0) parts.push(`<h2>Partie ${p / 10 + 1}</h2>`);
    const words = Array.from({ length: Math.min(50, WORDS - n) }, (_, i) => VOCABULARY[(n + i * 7) % VOCABULARY.length]);
    n += words.length;
    words[3] = `<strong>${words[3]}</strong>`;
    if (PAPER) words[20] = `${words[20]}<sup class="footnote" data-note="Source : enquête ${p + 1}, ANSD, 2024.">${p + 1}</sup>`;
    parts.push(`<p>${words.join(" ")}.</p>`);
    if (PAPER && p % 5 === 4) parts.push(table(p));
  }
  return parts.join("");
}

function table(p: number): string {
  const head = `<thead><tr>${["Région", "Pirogues", "Captures (t)", "Emplois", "Part"].map((h) => `<th scope="col">${h}</th>`).join("")}</tr></thead>`;
  const rows = Array.from({ length: 5 }, (_, r) => `<tr>${Array.from({ length: 5 }, (_, c) => `<td>${(p + 1) * 100 + r * 10 + c}</td>`).join("")}</tr>`).join("");
  return `<table><caption>Tableau ${p + 1}</caption>${head}<tbody>${rows}</tbody></table>`;
}

const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4508) });
const login = await (
  await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ nickname: "membre", password: "Membre-Demo-2025!" }),
  })
).json();
const auth = { authorization: `Bearer ${login.token}`, "content-type": "application/json" };
const themes = (await (await fetch(`${server.url}/api/user/themes`, { headers: auth })).json()) as { _id: string }[];
const title = `Rapport long ${Date.now().toString(36)}`;
const created = await (
  await fetch(`${server.url}/api/user/articles`, { method: "POST", headers: auth, body: JSON.stringify({ title, txt_content: "Court.", themes: [themes[0]!._id], ...(process.env.BENCH_DRAFT === "1" ? { draft: true } : {}) }) })
).json();
const db = createClient({ url: `file:${join(server.dir, "site.db")}` });
const body = longBody();
await db.execute({ sql: "update articles set html_content = ?, txt_content = '' where id = ?", args: [body, created._id] });
db.close();

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: FLAGS });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await context.addInitScript(([token, user]) => {
  localStorage.setItem("token", token);
  localStorage.setItem("user", user);
}, [login.token, JSON.stringify(login.user)] as const);
const page = await context.newPage();
await page.goto(`${server.url}/user/articles`, { waitUntil: "networkidle" });
const opened = performance.now();
await page.getByRole("button", { name: `Modifier « ${title} »` }).click();
const editor = page.getByRole("textbox", { name: "Contenu" });
await page.getByRole("heading", { name: LAST }).waitFor();
const openMs = performance.now() - opened;
const words = await editor.evaluate((el) =>
  [...el.children].filter((b) => b.tagName !== "TABLE").reduce((n, block) => n + (block.textContent ?? "").split(/\s+/).filter(Boolean).length, 0),
);
const extras = PAPER ? await editor.evaluate((el) => `, ${el.querySelectorAll("table").length} tables, ${el.querySelectorAll("sup.footnote").length} footnotes`) : "";

if (process.env.BENCH_CSS) await page.addStyleTag({ content: process.env.BENCH_CSS });
// The cursor in the middle of the text.
await page.getByRole("heading", { name: MIDDLE }).click();
await page.keyboard.press("End");
await page.evaluate(() => {
  const w = window as unknown as { latencies: number[] };
  w.latencies = [];
  addEventListener(
    "keydown",
    () => {
      const start = performance.now();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => w.latencies.push(performance.now() - start);
        channel.port2.postMessage(null);
      });
    },
    { capture: true },
  );
});
// Keys a keyboard has (an accented letter is inserted without a keydown by the driver, so it could not be timed).
if (TRACE) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
if (cdp) {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
}
const text = " et les digues de Rufisque retiennent encore une partie du quartier".repeat(4).slice(0, KEYS);
for (let i = 0; i < text.length; i++) {
  await page.keyboard.press(text[i] === " " ? "Space" : text[i]!);
  await page.waitForFunction((n) => (window as unknown as { latencies: number[] }).latencies.length >= n, i + 1);
}
const latencies = await page.evaluate(() => (window as unknown as { latencies: number[] }).latencies);
const profile = cdp ? selfTimes(((await cdp.send("Profiler.stop")) as { profile: CpuProfile }).profile, text.length) : null;
const trace = TRACE ? mainThreadPerKey(JSON.parse((await browser.stopTracing()).toString()), text.length) : null;
const typed = await page.getByRole("heading", { name: MIDDLE }).textContent();
await browser.close();
await server.stop();

if (!typed?.endsWith(text)) throw new Error(`the text typed did not land where expected: ${typed}`);
console.log(`article: ${words.toLocaleString("fr-FR")} words${extras}, ${body.length.toLocaleString("fr-FR")} characters of HTML; form open to text shown: ${fmt(openMs, 0)} ms`);
console.log(
  `keystroke latency over ${latencies.length} keys (keydown to next frame): p50 ${fmt(percentile(latencies, 50))} ms, ` +
    `p95 ${fmt(percentile(latencies, 95))} ms, max ${fmt(Math.max(...latencies))} ms`,
);
if (profile) console.log(`JavaScript self time per key, top functions:\n${profile}`);
if (trace) console.log(`renderer main thread per key (mean of ${text.length}): ${trace}`);

/**
 * Sums the main thread's trace events by name and divides by the keys typed. Events nest (a FunctionCall inside an
 * EventDispatch inside a RunTask), so the kinds overlap: RunTask is the whole, the others say where it went.
 */
function mainThreadPerKey(json: { traceEvents: TraceEvent[] }, keys: number): string {
  const events = json.traceEvents;
  const main = new Set(events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
  const total = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== "X" || !main.has(`${e.pid}:${e.tid}`) || !TRACE_KINDS.includes(e.name)) continue;
    const name = e.name === "EventDispatch" ? `EventDispatch(${e.args?.data?.type ?? "?"})` : e.name;
    total.set(name, (total.get(name) ?? 0) + (e.dur ?? 0) / 1000);
  }
  return [...total].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms / keys >= 0.01).map(([name, ms]) => `${name} ${fmt(ms / keys, 2)} ms`).join(", ");
}

function selfTimes(p: CpuProfile, keys: number): string {
  const byId = new Map(p.nodes.map((n) => [n.id, n.callFrame]));
  const total = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const f = byId.get(id)!;
    const name = `${f.functionName || "(anonymous)"} ${f.url.split("/").pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    total.set(name, (total.get(name) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  });
  return [...total].filter(([n]) => !n.startsWith("(idle)") && !n.startsWith("(program)")).sort((a, b) => b[1] - a[1]).slice(0, 30).map(([n, ms]) => `  ${fmt(ms / keys, 3)} ms  ${n}`).join("\n");
}
