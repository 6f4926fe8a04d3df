/**
 * Event registration in a burst (issue 22: "1,000 registrations in a burst against one event, with the throughput
 * and p99 recorded"): the real server (api/server.ts, its own libSQL file, no site build, no SMTP: the mails wait
 * in the outbox, written in each registration's transaction as in production), one event with `capacity` places,
 * then `count` POST /api/events/:id/registrations sent all at once, each with its own e-mail: since issue 30 §4 each
 * holds a place (the first `capacity`) until its address is confirmed; then the `count` confirmations by their
 * mailed links (read from the outbox and its secrets, where the mail server would get them), all at once too.
 * Prints each burst's wall time, throughput and the latency percentiles of the requests, then checks the outcome
 * through the admin API: exactly `capacity` held, then confirmed, the rest waiting at positions 1..n, nothing lost,
 * no failure. `rounds` rounds, each on a new event.
 *
 * The per-address registration limit is raised (REGISTRATIONS_PER_HOUR): the whole burst comes from 127.0.0.1.
 * Usage: bun bench/registrations.ts [count=1000] [capacity=300] [rounds=3]   (BENCH_PORT moves it off 4412)
 */
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { mailOutbox } from "../db/schema";
import { unmaskRows } from "../api/modules/mail/secrets";
import { fmt, percentile, startServer } from "./lib";

const count = Number(process.argv[2] ?? 1000);
const capacity = Number(process.argv[3] ?? 300);
const rounds = Number(process.argv[4] ?? 3);
const port = Number(process.env.BENCH_PORT ?? 4412);
const ADMIN = { nickname: "bench-admin", password: "Banc-Essai-Inscriptions-2026!" };

const server = await startServer({
  port,
  env: {
    SEED: "none",
    ADMIN_NICKNAME: ADMIN.nickname,
    ADMIN_PASSWORD: ADMIN.password,
    SITE_BUILD: "off",
    REGISTRATIONS_PER_HOUR: "1000000",
    NOTIFICATION_DIGEST_MINUTES: "0",
  },
});

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const { token } = await json<{ token: string }>(
  await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) }),
);
const auth = { authorization: `Bearer ${token}` };
// The bench reads the confirmation links where the mail server would get them: from the outbox and its secrets.
const database = await openDatabase(`file:${join(server.dir, "site.db")}`);

type Counts = { confirmed: number; waiting: number; cancelled: number };
type List = { counts: Counts; items: { state: string; position: number | null }[] };

console.log(`bench/registrations: ${count} registrations at once, ${capacity} places, ${rounds} round(s), server pid ${server.pid}`);
console.log("round | burst | wall s | requests/s | p50 ms | p90 ms | p99 ms | max ms | confirmed | waiting | positions 1..n | errors");
try {
  for (let round = 1; round <= rounds; round++) {
    const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 16);
    const end = new Date(Date.now() + 30 * 86_400_000 + 2 * 3_600_000).toISOString().slice(0, 16);
    const event = await json<{ _id: string }>(
      await fetch(`${server.url}/api/admin/events`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ title: `Conférence de charge n°${round}`, location: "Dakar", startDate: start, endDate: end, registrationOpen: true, registrationCapacity: String(capacity) }),
      }),
    );
    const url = `${server.url}/api/events/${event._id}/registrations`;
    // One burst of requests, all at once: its wall time, throughput, latencies and statuses.
    async function burst(requests: (() => Promise<Response>)[]) {
      const latencies: number[] = [];
      const statuses = new Map<number, number>();
      const t0 = performance.now();
      await Promise.all(
        requests.map(async (send) => {
          const sent = performance.now();
          const res = await send();
          await res.arrayBuffer();
          latencies.push(performance.now() - sent);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }),
      );
      return { wall: (performance.now() - t0) / 1000, latencies, statuses };
    }
    const post = (path: string, body: object) => () =>
      fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const line = (phase: string, b: Awaited<ReturnType<typeof burst>>, ok: number, rest: (string | number)[]) => {
      const errors = count - (b.statuses.get(ok) ?? 0);
      console.log(
        [
          round,
          phase,
          fmt(b.wall, 2),
          fmt(count / b.wall, 0),
          fmt(percentile(b.latencies, 50), 0),
          fmt(percentile(b.latencies, 90), 0),
          fmt(percentile(b.latencies, 99), 0),
          fmt(Math.max(...b.latencies), 0),
          ...rest,
          errors === 0 ? 0 : `${errors} (${[...b.statuses].map(([s, n]) => `${s}×${n}`).join(", ")})`,
        ].join(" | "),
      );
      if (errors > 0) process.exitCode = 1;
    };

    // The registrations: every visitor gets 202 and a mail with the link that confirms their address.
    const registered = await burst(
      Array.from({ length: count }, (_, i) => post(`/api/events/${event._id}/registrations`, { name: `Participant ${round}-${i}`, email: `participant${round}-${i}@exemple.sn`, consent: true })),
    );
    const held = (await database.client.execute({ sql: "select count(*) as n from event_registrations where event_id = ? and holds_place = 1", args: [event._id] })).rows[0]!.n;
    line("register", registered, 202, ["", "", `held ${held}`]);
    // The links as the mail server gets them (the outbox's copies are masked: api/modules/mail/secrets.ts).
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "registration-confirm"));
    const tokens = [...(await unmaskRows(database.db, rows)).values()]
      .filter((m) => m && m.toAddress.startsWith(`participant${round}-`))
      .map((m) => /#token=([A-Za-z0-9_-]{43})/.exec(m!.text)![1]!);
    // The confirmations, all at once too.
    const confirmed = await burst(tokens.map((token) => post("/api/registrations/confirm", { token })));
    const list = await json<List>(await fetch(`${server.url}/api/admin/events/${event._id}/registrations`, { headers: auth }));
    const positions = list.items.filter((r) => r.state === "waiting").map((r) => r.position!).sort((a, b) => a - b);
    const exact = positions.every((p, i) => p === i + 1);
    line("confirm", confirmed, 200, [list.counts.confirmed, list.counts.waiting, exact ? "yes" : "NO"]);
    if (Number(held) !== Math.min(capacity, count) || list.counts.confirmed !== Math.min(capacity, count) || list.counts.confirmed + list.counts.waiting !== count || !exact) {
      console.error("WRONG OUTCOME: held places, places or waiting positions are not exact");
      process.exitCode = 1;
    }
  }
} finally {
  database.close();
  await server.stop();
}
