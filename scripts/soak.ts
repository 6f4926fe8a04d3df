/**
 * `npm run test:soak`: the long runs that do not fit in `npm test` (figures in docs/PERFORMANCE.md).
 * 1. Crash: 1,000 acknowledged writes, the server killed with SIGKILL after every 250; after a restart every
 *    acknowledged write must be there and `PRAGMA integrity_check` must say ok.
 * 2. Load: 60 s at 64 connections against the real server with the demo content and a built site: static pages,
 *    cached public API answers, signed-in reads, signed-in writes (draft articles) and anonymous writes (contact
 *    messages). Every answer must be the expected one and every acknowledged write must be in the database.
 * Exits 1 when a check fails. SOAK_SECONDS and SOAK_CONNECTIONS change the load run.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { inspectAfterRestart, startServer, streamAndKill } from "../api/testing/real-server";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 64);
let failed = false;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failed = true;
};

async function crashRun() {
  const dir = mkdtempSync(join(tmpdir(), "soak-crash-"));
  try {
    const acked: string[] = [];
    let sent = 0;
    const started = performance.now();
    for (let round = 0; round < 4; round++) {
      const r = await streamAndKill(dir, { from: round * 100_000, killAfter: 250, parallel: 16, tag: "soak" });
      acked.push(...r.acked);
      sent += r.sent;
    }
    const { integrity, stored } = await inspectAfterRestart(dir);
    const lost = acked.filter((m) => !stored.has(m));
    console.log(`crash run: ${acked.length} writes acknowledged (${sent} sent) over 4 SIGKILLs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    check(acked.length >= 1000, "at least 1,000 acknowledged writes");
    check(lost.length === 0, `every acknowledged write is stored (lost: ${lost.length})`);
    check(integrity === "ok", `PRAGMA integrity_check: ${integrity}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Kind = "page" | "public-api" | "me" | "draft" | "contact";

async function loadRun() {
  const dir = mkdtempSync(join(tmpdir(), "soak-load-"));
  const server = await startServer(dir, { SEED: "demo", SITE_BUILD: "on", ADMIN_NICKNAME: "", ADMIN_PASSWORD: "" });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ nickname: "membre", password: "Membre-Demo-2025!" }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const themes = (await (await fetch(`${server.url}/api/public/themes`)).json()) as { _id: string }[];
    const pages = ["/", "/articles", "/events", "/mediatheque", "/cercle-impulsion/members"];

    const times: Record<Kind, number[]> = { page: [], "public-api": [], me: [], draft: [], contact: [] };
    const errors: string[] = [];
    const drafts: string[] = [];
    const messages: string[] = [];
    let seq = 0;
    let peakRss = 0;
    const rssTimer = setInterval(() => {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.proc.pid}/status`, "utf8"));
      if (m) peakRss = Math.max(peakRss, Number(m[1]) * 1024);
    }, 500);

    const one = async (): Promise<void> => {
      const n = seq++;
      const r = n % 20; // 8 pages, 6 public API, 2 signed-in reads, 2 drafts, 2 contact messages in every 20
      const kind: Kind = r < 8 ? "page" : r < 14 ? "public-api" : r < 16 ? "me" : r < 18 ? "draft" : "contact";
      const t = performance.now();
      let res: Response;
      try {
        if (kind === "page") res = await fetch(server.url + pages[n % pages.length], { headers: { "accept-encoding": "br" } });
        else if (kind === "public-api") res = await fetch(`${server.url}/api/public/${n % 2 ? "articles" : "events"}`);
        else if (kind === "me") res = await fetch(`${server.url}/api/user/me`, { headers: auth });
        else if (kind === "draft") {
          res = await fetch(`${server.url}/api/user/articles`, {
            method: "POST",
            headers: { ...auth, "content-type": "application/json" },
            body: JSON.stringify({ title: `Brouillon de charge ${n}`, txt_content: "Un texte écrit pendant l'essai de charge.", themes: [themes[n % themes.length]!._id] }),
          });
        } else {
          res = await fetch(`${server.url}/api/public/contact`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
            body: JSON.stringify({ name: "Lecteur", email: "lecteur@example.org", subject: "Charge", message: `charge-${n}` }),
          });
        }
        await res.arrayBuffer();
      } catch (e) {
        errors.push(`${kind}: ${(e as Error).message}`);
        return;
      }
      times[kind].push(performance.now() - t);
      const expected = kind === "draft" || kind === "contact" ? [200, 201] : [200];
      if (!expected.includes(res.status)) errors.push(`${kind}: HTTP ${res.status}`);
      else if (kind === "draft") drafts.push(`Brouillon de charge ${n}`);
      else if (kind === "contact") messages.push(`charge-${n}`);
    };

    const started = performance.now();
    const end = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < end) await one();
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(rssTimer);
    await server.stop();

    const database = await openDatabase(`file:${join(dir, "site.db")}`);
    const storedTitles = new Set((await database.client.execute("select title from articles")).rows.map((r) => String(r[0])));
    const storedMessages = new Set((await database.client.execute("select message from contact_messages")).rows.map((r) => String(r[0])));
    const integrity = String((await database.client.execute("PRAGMA integrity_check")).rows[0]![0]);
    database.close();

    const total = Object.values(times).reduce((a, l) => a + l.length, 0);
    const pct = (l: number[], p: number) => (l.length ? [...l].sort((a, b) => a - b)[Math.min(l.length - 1, Math.floor((l.length * p) / 100))]!.toFixed(1) : "-");
    console.log(`load run: ${CONNECTIONS} connections, ${elapsed.toFixed(0)} s, ${total} answers (${(total / elapsed).toFixed(0)}/s), peak server memory ${(peakRss / 1e6).toFixed(0)} MB`);
    console.log("kind        count    p50 ms   p95 ms   p99 ms   max ms");
    for (const [kind, l] of Object.entries(times)) {
      console.log(`${kind.padEnd(11)} ${String(l.length).padStart(6)} ${pct(l, 50).padStart(8)} ${pct(l, 95).padStart(8)} ${pct(l, 99).padStart(8)} ${pct(l, 100).padStart(8)}`);
    }
    const lostDrafts = drafts.filter((d) => !storedTitles.has(d)).length;
    const lostMessages = messages.filter((m) => !storedMessages.has(m)).length;
    check(errors.length === 0, `no error (${errors.length}${errors.length ? `: ${[...new Set(errors)].slice(0, 5).join("; ")}` : ""})`);
    check(lostDrafts + lostMessages === 0, `no lost write (${drafts.length} drafts, ${messages.length} messages acknowledged; lost ${lostDrafts + lostMessages})`);
    check(integrity === "ok", `PRAGMA integrity_check: ${integrity}`);
  } finally {
    await server.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

await crashRun();
await loadRun();
process.exit(failed ? 1 : 0);
