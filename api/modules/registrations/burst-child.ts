/**
 * A second process for the two-process test: opens the same database file and, through its own app, either
 * registers `n` people at once or confirms their addresses with the tokens of a file, all at once; then prints
 * the statuses.
 * Usage: bun burst-child.ts <db file> register <event id> <prefix> <n>
 *        bun burst-child.ts <db file> confirm <file of tokens, one a line>
 */
import { readFileSync } from "node:fs";
import { openDatabase } from "../../../db/client";
import { createApp } from "../../app";
import { readEnv } from "../../env";

const [file, mode, ...rest] = process.argv.slice(2) as [string, "register" | "confirm", ...string[]];
const database = await openDatabase(`file:${file}`);
// One address sends the whole burst: the per-address limit is raised as for any load test.
const env = readEnv({ DATABASE_URL: `file:${file}`, UPLOADS_DIR: "/tmp/unused-uploads", SITE_DIR: "/tmp/unused-site", PUBLIC_URL: "https://institut.example.sn", REGISTRATIONS_PER_HOUR: "100000" });
const idle = { building: false, queued: false, live: null, last: null, current: null, pending: [], lastSuccess: null, lastFailure: null, recovery: null };
const report = { id: "x", ok: true, startedAt: "", finishedAt: "", durationMs: 0, log: "", changes: [] };
const app = createApp({ db: database.db, env, builder: { requestBuild: async () => report, status: () => idle }, contentChanged: async () => report });
const post = (path: string, body: object) =>
  app.handle(new Request(`http://localhost${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).then((r) => r.status);
const requests =
  mode === "register"
    ? [...Array(Number(rest[2])).keys()].map((i) => () => post(`/api/events/${rest[0]}/registrations`, { name: `${rest[1]} ${i}`, email: `${rest[1]}${i}@example.sn`, consent: true }))
    : readFileSync(rest[0]!, "utf8").split("\n").filter(Boolean).map((token) => () => post("/api/registrations/confirm", { token }));
// The parent starts its own burst when it reads this line, so the two bursts overlap.
console.log("ready");
const statuses = await Promise.all(requests.map((send) => send()));
console.log(JSON.stringify(statuses));
database.close();
