/**
 * The counting across real serving processes: a primary and two static workers sharing the port (SO_REUSEPORT),
 * each connection a new one so the kernel spreads them. The flush interval is an hour, so nothing reaches the
 * database while the server runs (no write per request); a clean stop writes the sums, the workers' last batches
 * included; a restart on the same database adds to them.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../db/client";
import { audienceCounts } from "../../../db/schema";
import { startListeningServer, type ListeningServer } from "../../testing/listening-server";

const PAGE = `<!doctype html><html lang="fr"><meta charset="utf-8"><title>Accueil</title><p>Bonjour</p></html>`;
const reader = (n: number) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 lecteur-${n}`;

async function counts(databaseUrl: string): Promise<string[]> {
  const db = await openDatabase(databaseUrl);
  try {
    const rows = await db.db.select().from(audienceCounts);
    return rows.map((r) => `${r.dimension} ${r.key} ${r.count}`).sort();
  } finally {
    db.close();
  }
}

let server: ListeningServer | undefined;
const dirs: string[] = [];
afterAll(async () => {
  server?.proc.kill("SIGTERM");
  await server?.proc.exited;
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A server with two workers over a hand-made live build (no Astro needed to serve two pages). */
async function start(env: Record<string, string> = {}) {
  const s = await startListeningServer({ WEB_WORKERS: "2", AUDIENCE_FLUSH_SECONDS: "3600", ...env });
  return s;
}

/** Both static workers said they are ready (two different ones: `line` finds the first match again). */
async function bothWorkers(s: ListeningServer) {
  const first = (await s.line(/Static worker (\d+) ready/))[1]!;
  await s.line(new RegExp(`Static worker (?!${first} )\\d+ ready`));
}

async function stop(s: ListeningServer) {
  s.proc.kill("SIGTERM");
  await s.proc.exited;
}

describe("readership counting across serving processes", () => {
  it("counts each reader once per page whichever process answered, writes nothing before the flush, and keeps the sums across a restart", async () => {
    // The live build the processes serve: SITE_DIR/current, as the builder leaves it.
    const probe = await start();
    const siteDir = join(probe.dir, "shared-site");
    await stop(probe);
    dirs.push(probe.dir);
    const build = join(siteDir, "build-1");
    mkdirSync(build, { recursive: true });
    writeFileSync(join(build, "index.html"), PAGE);
    writeFileSync(join(build, "about.html"), PAGE.replace("Accueil", "À propos"));
    symlinkSync("build-1", join(siteDir, "current"));

    server = await start({ SITE_DIR: siteDir });
    await bothWorkers(server);
    // A worker gets the day's salts before the live build (api/server.ts sends them first, IPC keeps the order): any
    // page it serves is counted. Until its build arrives it answers 503 (« construction »), not counted: asked again.
    const get = async (path: string, ua: string) => {
      for (let attempt = 0; ; attempt++) {
        const res = await fetch(`${server!.origin}${path}`, { headers: { "user-agent": ua, connection: "close" } });
        await res.arrayBuffer();
        if (res.status === 503 && attempt < 200) {
          await Bun.sleep(50);
          continue;
        }
        expect(res.status).toBe(200);
        return;
      }
    };
    for (let round = 0; round < 4; round++) {
      for (let n = 0; n < 6; n++) await get("/", reader(n));
      for (let n = 0; n < 3; n++) await get("/about", reader(n));
    }
    await get("/", "curl/8.5.0");
    // The first tick of the hourly flush ran at start, before any reading: nothing is written per request.
    expect(await counts(server.databaseUrl)).toEqual([]);
    const databaseUrl = server.databaseUrl;
    await stop(server);
    expect(await counts(databaseUrl)).toEqual(["device desktop 6", "page / 6", "page /about 3", "visitors  6"]);

    // A restart on the same database: a new salt, so the same readers count again today, added to the sums.
    server = await start({ SITE_DIR: siteDir, DATABASE_URL: databaseUrl });
    await bothWorkers(server);
    for (let n = 0; n < 2; n++) await get("/about", reader(n));
    await stop(server);
    server = undefined;
    expect(await counts(databaseUrl)).toEqual(["device desktop 8", "page / 6", "page /about 5", "visitors  8"]);
  }, 240_000);
});
