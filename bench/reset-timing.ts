/**
 * « Mot de passe oublié ? » must take the same time whether the login names an account or not (issue 30 §4): an
 * outsider timing the answers must not learn which aliases and addresses have accounts. The real server
 * (api/server.ts, its own libSQL file, no site build, no SMTP: the mails wait in the outbox, written in the
 * request's transaction as in production), `members` members created by invitation, then, one request at a time
 * in a shuffled order, POST /api/auth/password-reset for each member's alias (an account: a token stored and a
 * mail queued) and as many logins that match nobody; then, shuffled the same way, requests for accounts already
 * past the per-account limit (no mail: the limit is silent) and as many for nobody. Each request comes from its own client address (TRUST_PROXY and
 * X-Forwarded-For), so the per-address limit never answers 429.
 *
 * Prints the latency distributions (percentiles, and a text histogram of the first pair) and, for each pair, the difference of
 * the medians with a 95 % bootstrap interval and the Mann–Whitney U test's p-value: a difference « above noise »
 * shows as an interval away from 0 and a small p. Nothing here passes or fails: the figures go to
 * docs/PERFORMANCE.md. The test of the same work is api/modules/password-reset/equal-work.test.ts.
 *
 * Usage: bun bench/reset-timing.ts [members=300] [rounds=2]   (BENCH_PORT moves it off 4413)
 */
import { fmt, percentile, startServer } from "./lib";

const members = Number(process.argv[2] ?? 300);
const rounds = Number(process.argv[3] ?? 2);
const port = Number(process.env.BENCH_PORT ?? 4413);
const ADMIN = { nickname: "bench-admin", password: "Banc-Essai-Oubli-2026!" };

const server = await startServer({
  port,
  env: { SEED: "none", ADMIN_NICKNAME: ADMIN.nickname, ADMIN_PASSWORD: ADMIN.password, SITE_BUILD: "off", TRUST_PROXY: "127.0.0.1", WEB_WORKERS: "0" },
});

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const { token } = await json<{ token: string }>(
  await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) }),
);
const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };

let ip = 0;
/** A client address of its own for each request (10.x.y.z). */
const nextIp = () => {
  ip++;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};

async function reset(login: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${server.url}/api/auth/password-reset`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": nextIp() },
    body: JSON.stringify({ login }),
  });
  await res.arrayBuffer();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`password reset answered ${res.status}`);
  return ms;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const median = (v: number[]) => percentile(v, 50);

/** The difference of the medians (a − b) and its 95 % bootstrap interval. */
function medianDifference(a: number[], b: number[], draws = 2000): { diff: number; low: number; high: number } {
  const pick = (v: number[]) => Array.from({ length: v.length }, () => v[Math.floor(Math.random() * v.length)]!);
  const diffs = Array.from({ length: draws }, () => median(pick(a)) - median(pick(b))).sort((x, y) => x - y);
  return { diff: median(a) - median(b), low: diffs[Math.floor(draws * 0.025)]!, high: diffs[Math.floor(draws * 0.975)]! };
}

/** Two-sided p-value of the Mann–Whitney U test (normal approximation, ties averaged). */
function mannWhitney(a: number[], b: number[]): number {
  const all = [...a.map((v) => ({ v, g: 0 })), ...b.map((v) => ({ v, g: 1 }))].sort((x, y) => x.v - y.v);
  const ranks = new Array<number>(all.length);
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.v === all[i]!.v) j++;
    for (let k = i; k <= j; k++) ranks[k] = (i + j) / 2 + 1;
    i = j + 1;
  }
  const rankSum = all.reduce((sum, x, i) => (x.g === 0 ? sum + ranks[i]! : sum), 0);
  const n1 = a.length;
  const n2 = b.length;
  const u = rankSum - (n1 * (n1 + 1)) / 2;
  const z = (u - (n1 * n2) / 2) / Math.sqrt((n1 * n2 * (n1 + n2 + 1)) / 12);
  // erfc through Abramowitz–Stegun 7.1.26.
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erfc = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-x * x);
  return Math.min(1, erfc);
}

/** A text histogram of the groups side by side, over their 1st to 90th percentiles; the slower tail in the last line. */
function histogram(groups: [string, number[]][]): string[] {
  const all = groups.flatMap(([, v]) => v);
  const low = percentile(all, 1);
  const high = percentile(all, 90);
  const bins = 12;
  const width = (high - low) / bins || 1;
  const lines = [`  ms from     | ${groups.map(([name]) => name.padEnd(27)).join(" | ")}`];
  const counts = groups.map(([, v]) => {
    const c = new Array<number>(bins + 1).fill(0);
    for (const x of v) c[x >= high ? bins : Math.max(0, Math.floor((x - low) / width))]!++;
    return c;
  });
  const top = Math.max(...counts.flatMap((c) => c.slice(0, bins)));
  for (let i = 0; i <= bins; i++) {
    const bars = counts.map((c) => `${"#".repeat(Math.min(22, Math.round((c[i]! / top) * 22))).padEnd(22)} ${String(c[i]).padStart(4)}`);
    lines.push(`  ${i === bins ? `≥ ${fmt(high, 2)}`.padStart(10) : fmt(low + i * width, 2).padStart(10)} | ${bars.join(" | ")}`);
  }
  return lines;
}

console.log(`bench/reset-timing: ${members} members, ${rounds} round(s), one request at a time, server pid ${server.pid}`);
try {
  const aliases: string[] = [];
  for (let i = 0; i < members; i++) {
    const nickname = `membre-${i}`;
    await json(await fetch(`${server.url}/api/admin/register`, { method: "POST", headers: auth, body: JSON.stringify({ firstname: "Awa", name: `Ndiaye ${i}`, nickname, email: `membre-${i}@example.sn`, invite: true }) }));
    aliases.push(nickname);
  }
  // Warm-up: the first requests pay for compiled code paths and cold pages.
  for (let i = 0; i < 50; i++) await reset(`echauffement-${i}`);
  for (let round = 1; round <= rounds; round++) {
    // Phase A: each alias once, shuffled with as many logins that match nobody.
    const known: number[] = [];
    const nobodyA: number[] = [];
    const plan = shuffle([
      ...aliases.map((a) => ["known", a] as const),
      ...aliases.map((_, i) => ["nobody", `personne-${round}-${i}-${Math.random().toString(36).slice(2, 8)}`] as const),
    ]);
    for (const [group, login] of plan) (group === "known" ? known : nobodyA).push(await reset(login));
    // Phase B, past the per-account limit (5 an hour, alias and e-mail together) but below the per-login one (5 an
    // hour as typed): fresh accounts asked 3 times by alias and 3 times by e-mail, then sampled by e-mail, shuffled
    // with as many logins that match nobody (compared within the phase: the machine's load drifts between phases).
    const over = aliases.slice(0, Math.min(100, aliases.length)).map((a) => `${a}-r${round}`);
    for (const alias of over) {
      const email = `${alias}@example.sn`;
      await json(await fetch(`${server.url}/api/admin/register`, { method: "POST", headers: auth, body: JSON.stringify({ firstname: "Awa", name: "Limite", nickname: alias, email, invite: true }) }));
      for (const login of [alias, alias, alias, email, email, email]) await reset(login);
    }
    const limited: number[] = [];
    const nobodyB: number[] = [];
    const overPlan = shuffle([...over.map((a) => ["limited", `${a}@example.sn`] as const), ...over.map((_, i) => ["nobody", `personne-lim-${round}-${i}`] as const)]);
    for (const [group, login] of overPlan) (group === "limited" ? limited : nobodyB).push(await reset(login));

    const groups: [string, number[]][] = [
      ["account (mail queued)", known],
      ["nobody (phase A)", nobodyA],
      ["account over its limit", limited],
      ["nobody (phase B)", nobodyB],
    ];
    console.log(`\nround ${round}`);
    console.log("group                   |    n | min ms | p10 ms | p25 ms | p50 ms | p75 ms | p90 ms | p99 ms | mean ms");
    for (const [name, v] of groups) {
      const mean = v.reduce((s, x) => s + x, 0) / v.length;
      console.log(
        `${name.padEnd(23)} | ${String(v.length).padStart(4)} | ${[Math.min(...v), percentile(v, 10), percentile(v, 25), percentile(v, 50), percentile(v, 75), percentile(v, 90), percentile(v, 99)].map((x) => fmt(x, 2).padStart(6)).join(" | ")} | ${fmt(mean, 2).padStart(7)}`,
      );
    }
    for (const [a, b] of [[0, 1], [2, 3]] as const) {
      const d = medianDifference(groups[a]![1], groups[b]![1]);
      const p = mannWhitney(groups[a]![1], groups[b]![1]);
      console.log(`median(${groups[a]![0]}) − median(${groups[b]![0]}): ${fmt(d.diff, 3)} ms, 95 % [${fmt(d.low, 3)}, ${fmt(d.high, 3)}], Mann–Whitney p = ${p.toPrecision(2)}`);
    }
    for (const line of histogram(groups.slice(0, 2))) console.log(line);
  }
} finally {
  await server.stop();
}
