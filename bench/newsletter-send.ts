/**
 * A newsletter issue to 10,000 confirmed subscribers, delivered to a local SMTP server (issue 21, « Done when »).
 * Two processes besides this one: the app's background half as the server runs it (the issue sender and the mail
 * delivery in the shared poller: api/modules/newsletter-issues/send-child.ts) and the SMTP server
 * (bench/smtp-sink.ts). Reports the time from the issue's start to the last message accepted, messages per second,
 * the peak memory of both, and checks every subscriber got exactly one copy.
 *
 *   bun bench/newsletter-send.ts [recipients=10000] [rate per minute=1000000]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase } from "../db/client";
import { newsletterIssues } from "../db/schema";
import { addConfirmed } from "../api/modules/newsletter-issues/test-kit";
import { BUN, memoryMb } from "./lib";

const N = Number(process.argv[2] ?? 10_000);
const RATE = process.argv[3] ?? "1000000";
const dir = mkdtempSync(join(tmpdir(), "bench-newsletter-"));
const file = join(dir, "app.db");

function lines(proc: ReturnType<typeof spawn>): string[] {
  const out: string[] = [];
  proc.stdout!.on("data", (b: Buffer) => out.push(...b.toString().split("\n").filter(Boolean)));
  return out;
}
async function until(ok: () => boolean, what: string, limitMs = 30 * 60_000) {
  const start = Date.now();
  while (!ok()) {
    if (Date.now() - start > limitMs) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(20);
  }
}

const database = await openDatabase(`file:${file}`);
await migrateDatabase(database);
await addConfirmed(database.db, N, "bench");
const now = new Date();
await database.db.insert(newsletterIssues).values({
  id: "bench-issue",
  subject: "La lettre de l'Institut — banc d'essai",
  intro: "Bonjour à toutes et à tous.\n\nVoici les nouvelles de l'Institut, articles et événements du mois.",
  items: Array.from({ length: 8 }, (_, i) => ({
    kind: "article" as const,
    id: `a${i}`,
    title: `Article ${i + 1} : gouverner l'eau sur l'île de Gorée`,
    excerpt: "Un extrait de deux cents caractères environ, comme le site en propose pour chaque article publié depuis la lettre précédente, avec des accents : é, è, à, ç.",
    href: `/article/article-${i + 1}`,
    picture: null,
    date: null,
  })),
  state: "scheduled",
  scheduledAt: new Date(now.getTime() - 1000),
  createdAt: now,
  updatedAt: now,
});
database.close();

const sink = spawn(BUN, [join(import.meta.dirname, "smtp-sink.ts")], { stdio: ["pipe", "pipe", "inherit"] });
const sinkOut = lines(sink);
await until(() => sinkOut.some((l) => l.startsWith("port ")), "the SMTP server");
const port = sinkOut.find((l) => l.startsWith("port "))!.slice(5);

const started = performance.now();
const app = spawn(BUN, ["api/modules/newsletter-issues/send-child.ts", file, `smtp://127.0.0.1:${port}`, "0", RATE], { stdio: ["ignore", "pipe", "inherit"] });
const appOut = lines(app);
let sinkPeak = 0;
const sampler = setInterval(() => {
  try {
    sinkPeak = Math.max(sinkPeak, memoryMb(sink.pid!).peak);
  } catch {}
}, 250);
await until(() => appOut.includes("done"), "the issue to leave");
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
sinkPeak = Math.max(sinkPeak, memoryMb(sink.pid!).peak);
const appPeak = Number(appOut.find((l) => l.startsWith("peak "))?.slice(5) ?? 0);

sink.stdin!.write("stats\n");
await until(() => sinkOut.some((l) => l.startsWith("{")), "the SMTP server's count");
const stats = JSON.parse(sinkOut.find((l) => l.startsWith("{"))!) as { received: number; recipients: number; duplicates: number; messageIds: number; megabytes: number };
sink.kill("SIGTERM");
rmSync(dir, { recursive: true, force: true });

console.log(
  JSON.stringify(
    {
      subscribers: N,
      ratePerMinute: Number(RATE),
      seconds: Math.round(seconds * 10) / 10,
      messagesPerSecond: Math.round(stats.received / seconds),
      appPeakMb: appPeak,
      smtpServerPeakMb: sinkPeak,
      ...stats,
    },
    null,
    2,
  ),
);
if (stats.received !== N || stats.recipients !== N || stats.duplicates !== 0) {
  console.error("Not exactly one copy per subscriber.");
  process.exit(1);
}
