/**
 * The counting done by every serving process (the primary and each static worker), on the requests it answers.
 * Per request it does a few header reads and two map lookups; only a visitor's first reading of a path in the day
 * leaves the process, as a `Hit` handed to `sink` (the primary's tally directly, a worker's batch for the IPC).
 *
 * A visitor is a keyed hash (HMAC-SHA-256, 64 bits kept) of the client address and user agent under the day's
 * random salt (`salts`, drawn by the primary and sent to the workers; never written anywhere). The address and
 * user agent are forgotten once hashed; the hash lives in memory until the day is over.
 */
import { createHmac } from "node:crypto";
import { dayOf, deviceOf, hitKind, isBot, isPrefetch, referrerHost, type Device, type HitKind } from "./rules";

/** One first reading of the day, as sent to the primary. `path` is the raw request path (decoded by the tally). */
export type Hit = { day: string; visitor: string; kind: HitKind; path: string; referrer: string | null; device: Device };

/** The day's salts by day (YYYY-MM-DD → 32 random bytes as hex), as the primary sends them. */
export type Salts = Record<string, string>;

/** Bounds on the per-process memory of one day (a flood of made-up addresses must not grow it without limit). */
const MAX_VISITORS = 200_000;
const MAX_SEEN = 500_000;

let clock = Date.now();
let ticking: ReturnType<typeof setInterval> | null = null;
/**
 * The time to the second, read from a variable kept by a one-second timer: a clock read per request cost 0.2–0.3 µs
 * on these machines, and the counter only needs to see the day change.
 */
function coarseNow(): number {
  if (ticking === null) {
    clock = Date.now();
    ticking = setInterval(() => {
      clock = Date.now();
    }, 1000);
    ticking.unref?.();
  }
  return clock;
}

/** A visitor of the day as one process knows them: their hash ("" for a robot) and the paths already handed on. */
type Known = { visitor: string; paths: Set<string> };

export class HitCounter {
  private salts: Salts = {};
  private day = "";
  private dayEndsAt = 0;
  /**
   * Address → user agent → that visitor today: a returning reader costs one header read and three lookups, no
   * string built (the throughput budget of bench/static-vs-nginx.ts is 5 %; one "address\nuser agent" key per
   * request cost more than the rest of the counting together).
   */
  private visitors = new Map<string, Map<string, Known>>();
  private known = 0;
  private seen = 0;

  constructor(
    private readonly sink: (hit: Hit) => void,
    private readonly now: () => number = coarseNow,
  ) {}

  setSalts(salts: Salts) {
    this.salts = { ...salts };
  }

  /** Looks at one answered request; `clientIp` is the address the server resolved (api/lib/client-ip.ts). */
  record(request: Request, pathname: string, status: number, clientIp: string | undefined): void {
    if ((status !== 200 && status !== 304) || request.method !== "GET") return;
    const now = this.now();
    if (now >= this.dayEndsAt) this.turnDay(now);
    const headers = request.headers;
    const ua = headers.get("user-agent") ?? "";
    const address = clientIp ?? "";
    let byAgent = this.visitors.get(address);
    let known = byAgent?.get(ua);
    // Already handed on today: nothing else to decide (the hot path of a reader moving through the site).
    if (known !== undefined && (known.visitor === "" || known.paths.has(pathname))) return;
    const kind = hitKind(pathname);
    // A 304 is a page or feed read again from the browser's cache (a reader back on another day): a reading. A
    // media file counts only when sent whole: players fetch ranges (206) just to show a file's length.
    if (kind === null || (status === 304 && kind === "download")) return;
    // Checked before the path is marked: a prefetched page read for real afterwards is still counted.
    if (isPrefetch(headers)) return;
    if (known === undefined) {
      const salt = this.salts[this.day];
      // No salt for today yet (the primary's rotation is on its way): not counted rather than counted unsalted.
      if (salt === undefined) return;
      const visitor = isBot(ua || null) ? "" : createHmac("sha256", salt).update(`${address}\n${ua}`).digest("hex").slice(0, 16);
      if (this.known >= MAX_VISITORS || this.seen >= MAX_SEEN) this.forget();
      if (byAgent === undefined || this.known === 0) {
        byAgent = new Map();
        this.visitors.set(address, byAgent);
      }
      known = { visitor, paths: new Set() };
      byAgent.set(ua, known);
      this.known++;
      if (visitor === "") return;
    }
    known.paths.add(pathname);
    this.seen++;
    this.sink({
      day: this.day,
      visitor: known.visitor,
      kind,
      path: pathname,
      referrer: referrerHost(headers.get("referer"), headers.get("host")),
      device: deviceOf(ua),
    });
  }

  /** A new day: a new salt, and yesterday's visitors forgotten (their hashes could not be matched again anyway). */
  private turnDay(now: number) {
    this.day = dayOf(now);
    this.dayEndsAt = Date.parse(`${this.day}T00:00:00Z`) + 86_400_000;
    this.forget();
  }

  private forget() {
    this.visitors.clear();
    this.known = 0;
    this.seen = 0;
  }
}
