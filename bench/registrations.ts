/**
 * Event registration in a burst (issue 22: "1,000 registrations in a burst against one event, with the throughput
 * and p99 recorded"): the real server (api/server.ts, its own libSQL file, no site build, no SMTP: the mails wait
 * in the outbox, written in each registration's transaction as in production), one event with `capacity` places,
 * then `count` POST /api/events/:id/registrations sent all at once, each with its own e-mail. Prints the burst's
 * wall time, throughput and the latency percentiles of the requests, then checks the outcome through the admin
 * API: exactly `capacity` confirmed, the rest waiting at positions 1..n, nothing lost, no failure. `rounds` bursts,
 * each on a new event.
 *
 * The per-address registration limit is raised (REGISTRATIONS_PER_HOUR): the whole burst comes from 127.0.0.1.
 * Usage: bun bench/registrations.ts [count=1000] [capacity=300] [rounds=3]   (BENCH_PORT moves it off 4412)
 */
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

type Counts = { confirmed: number; waiting: number; cancelled: number };
type List = { counts: Counts; items: { state: string; position: number | null }[] };

console.log(`bench/registrations: ${count} registrations at once, ${capacity} places, ${rounds} round(s), server pid ${server.pid}`);
console.log("round | wall s | registrations/s | p50 ms | p90 ms | p99 ms | max ms | confirmed | waiting | positions 1..n | errors");
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
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const sent = performance.now();
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: `Participant ${round}-${i}`, email: `participant${round}-${i}@exemple.sn`, consent: true }),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - sent);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }),
    );
    const wall = (performance.now() - t0) / 1000;
    const list = await json<List>(await fetch(`${server.url}/api/admin/events/${event._id}/registrations`, { headers: auth }));
    const positions = list.items.filter((r) => r.state === "waiting").map((r) => r.position!).sort((a, b) => a - b);
    const exact = positions.every((p, i) => p === i + 1);
    const errors = count - (statuses.get(201) ?? 0);
    console.log(
      [
        round,
        fmt(wall, 2),
        fmt(count / wall, 0),
        fmt(percentile(latencies, 50), 0),
        fmt(percentile(latencies, 90), 0),
        fmt(percentile(latencies, 99), 0),
        fmt(Math.max(...latencies), 0),
        list.counts.confirmed,
        list.counts.waiting,
        exact ? "yes" : "NO",
        errors === 0 ? 0 : `${errors} (${[...statuses].map(([s, n]) => `${s}×${n}`).join(", ")})`,
      ].join(" | "),
    );
    if (list.counts.confirmed !== Math.min(capacity, count) || list.counts.confirmed + list.counts.waiting !== count || !exact) {
      console.error("WRONG OUTCOME: places or waiting positions are not exact");
      process.exitCode = 1;
    }
  }
} finally {
  await server.stop();
}
