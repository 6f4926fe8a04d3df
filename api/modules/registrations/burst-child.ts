/**
 * A second process for the two-process test: opens the same database file and registers `n` people at once
 * through its own app, then prints the statuses. Usage: bun burst-child.ts <db file> <event id> <prefix> <n>
 */
import { openDatabase } from "../../../db/client";
import { createApp } from "../../app";
import { readEnv } from "../../env";

const [file, eventId, prefix, n] = process.argv.slice(2) as [string, string, string, string];
const database = await openDatabase(`file:${file}`);
// One address sends the whole burst: the per-address limit is raised as for any load test.
const env = readEnv({ DATABASE_URL: `file:${file}`, UPLOADS_DIR: "/tmp/unused-uploads", SITE_DIR: "/tmp/unused-site", PUBLIC_URL: "https://institut.example.sn", REGISTRATIONS_PER_HOUR: "100000" });
const idle = { building: false, queued: false, live: null, last: null, current: null, pending: [], lastSuccess: null, lastFailure: null, recovery: null };
const report = { id: "x", ok: true, startedAt: "", finishedAt: "", durationMs: 0, log: "", changes: [] };
const app = createApp({ db: database.db, env, builder: { requestBuild: async () => report, status: () => idle }, contentChanged: async () => report });
// The parent starts its own burst when it reads this line, so the two bursts overlap.
console.log("ready");
const statuses = await Promise.all(
  [...Array(Number(n)).keys()].map(async (i) => {
    const res = await app.handle(
      new Request(`http://localhost/api/events/${eventId}/registrations`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: `${prefix} ${i}`, email: `${prefix}${i}@example.sn`, consent: true }),
      }),
    );
    return res.status;
  }),
);
console.log(JSON.stringify(statuses));
database.close();
