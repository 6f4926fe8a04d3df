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

export class HitCounter {
  private salts: Salts = {};
  private day = "";
  private dayEndsAt = 0;
  /** "address\nuser agent" → visitor hash, or "" for a robot: a returning visitor costs one lookup. */
  private visitors = new Map<string, string>();
  /** "visitor path" pairs already handed on today. */
  private seen = new Set<string>();

  constructor(
    private readonly sink: (hit: Hit) => void,
    private readonly now: () => number = Date.now,
  ) {}

  setSalts(salts: Salts) {
    this.salts = { ...salts };
  }

  /** Looks at one answered request; `clientIp` is the address the server resolved (api/lib/client-ip.ts). */
  record(request: Request, pathname: string, status: number, clientIp: string | undefined): void {
    if ((status !== 200 && status !== 304) || request.method !== "GET") return;
    const kind = hitKind(pathname);
    // A 304 is a page or feed read again from the browser's cache (a reader back on another day): a reading. A
    // media file counts only when sent whole: players fetch ranges (206) just to show a file's length.
    if (kind === null || (status === 304 && kind === "download")) return;
    const headers = request.headers;
    if (isPrefetch(headers)) return;
    const ua = headers.get("user-agent");
    const now = this.now();
    if (now >= this.dayEndsAt) this.turnDay(now);
    const who = `${clientIp ?? ""}\n${ua ?? ""}`;
    let visitor = this.visitors.get(who);
    if (visitor === undefined) {
      const salt = this.salts[this.day];
      // No salt for today yet (the primary's rotation is on its way): not counted rather than counted unsalted.
      if (salt === undefined) return;
      visitor = isBot(ua) ? "" : createHmac("sha256", salt).update(who).digest("hex").slice(0, 16);
      if (this.visitors.size >= MAX_VISITORS) this.visitors.clear();
      this.visitors.set(who, visitor);
    }
    if (visitor === "") return;
    const key = `${visitor} ${pathname}`;
    if (this.seen.has(key)) return;
    if (this.seen.size >= MAX_SEEN) this.seen.clear();
    this.seen.add(key);
    this.sink({
      day: this.day,
      visitor,
      kind,
      path: pathname,
      referrer: referrerHost(headers.get("referer"), headers.get("host")),
      device: deviceOf(ua ?? ""),
    });
  }

  /** A new day: a new salt, and yesterday's visitors forgotten (their hashes could not be matched again anyway). */
  private turnDay(now: number) {
    this.day = dayOf(now);
    this.dayEndsAt = Date.parse(`${this.day}T00:00:00Z`) + 86_400_000;
    this.visitors.clear();
    this.seen.clear();
  }
}
