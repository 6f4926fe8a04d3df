/**
 * The primary's sums of the day, between two flushes. Hits come from its own `HitCounter` and from the static
 * workers' batches (IPC); a visitor's reading of a path is counted once a day even when two processes saw it (each
 * process only knows its own connections). The day's salts are drawn here and sent to the workers.
 *
 * Nothing here is written to disk but the sums (`take`, then flush.ts). After a restart the salts are new: a
 * visitor already counted today is counted once more for the pages they read again (docs/DECISIONS.md).
 */
import { randomBytes } from "node:crypto";
import type { AudienceDimension } from "../../../db/schema";
import type { Hit, Salts } from "./counter";
import { countedPath, DAY_MS, dayOf, DEVICES, HIT_KINDS } from "./rules";

/** One counter to add to the database. */
export type CountRow = { day: string; dimension: AudienceDimension; key: string; count: number };

/** A flood of made-up visitors must not exhaust memory: past this, a day's de-duplication starts afresh. */
const MAX_SEEN = 1_000_000;

export class AudienceTally {
  private salts = new Map<string, string>();
  private seen = new Map<string, Set<string>>();
  private pending = new Map<string, number>();
  /** The day the flush last deleted counters past their retention (flush.ts). */
  purgedOn = "";

  constructor(private readonly now: () => number = Date.now) {
    this.rotate();
  }

  /**
   * Today's and tomorrow's salts exist (so a worker has the next one before midnight), older ones and their
   * visitors are forgotten. Returns true when the set changed (the workers are then sent `salts()`).
   */
  rotate(): boolean {
    const days = this.days();
    const salted = days.slice(1);
    let changed = false;
    for (const day of salted) {
      if (!this.salts.has(day)) {
        this.salts.set(day, randomBytes(32).toString("hex"));
        changed = true;
      }
    }
    for (const day of [...this.salts.keys()]) {
      // Yesterday's salt goes at once: after midnight nobody is counted under it again.
      if (!salted.includes(day)) {
        this.salts.delete(day);
        changed = true;
      }
    }
    for (const day of [...this.seen.keys()]) if (!days.includes(day)) this.seen.delete(day);
    return changed;
  }

  /** Yesterday, today and tomorrow: the days a hit may carry (a worker's batch may straddle midnight either way). */
  private days(): string[] {
    const now = this.now();
    return [dayOf(now - DAY_MS), dayOf(now), dayOf(now + DAY_MS)];
  }

  /** The salts the workers need (today and tomorrow). */
  currentSalts(): Salts {
    return Object.fromEntries(this.salts);
  }

  /**
   * Counts one hit unless this visitor already read this path that day. A hit that is not one a `HitCounter` makes
   * (it may come over IPC) is dropped: its kind and device become a counter's dimension and key.
   */
  add(hit: Hit): void {
    if (typeof hit.path !== "string" || typeof hit.visitor !== "string" || hit.visitor.length !== 16) return;
    if (!HIT_KINDS.includes(hit.kind) || !DEVICES.includes(hit.device)) return;
    if (hit.referrer !== null && (typeof hit.referrer !== "string" || hit.referrer.length > 200)) return;
    const path = countedPath(hit.path);
    if (path === null) return;
    let seen = this.seen.get(hit.day);
    if (!seen) {
      // A day other than yesterday, today or tomorrow is a clock gone wrong somewhere: not counted.
      if (!this.days().includes(hit.day)) return;
      seen = new Set();
      this.seen.set(hit.day, seen);
    }
    if (seen.size >= MAX_SEEN) seen.clear();
    const reading = `${hit.visitor} ${hit.kind} ${path}`;
    if (seen.has(reading)) return;
    seen.add(reading);
    this.bump(hit.day, hit.kind, path);
    if (hit.kind !== "page") return;
    if (hit.referrer) this.bump(hit.day, "referrer", hit.referrer);
    if (seen.has(hit.visitor)) return;
    seen.add(hit.visitor);
    this.bump(hit.day, "visitors", "");
    this.bump(hit.day, "device", hit.device);
  }

  /** The sums since the last take, emptied. */
  take(): CountRow[] {
    const rows: CountRow[] = [];
    for (const [k, count] of this.pending) {
      const [day, dimension, key] = k.split("\t") as [string, AudienceDimension, string];
      rows.push({ day, dimension, key, count });
    }
    this.pending.clear();
    return rows;
  }

  /** Puts back sums a failed flush could not write, so the next one carries them. */
  putBack(rows: CountRow[]): void {
    for (const r of rows) this.bump(r.day, r.dimension, r.key, r.count);
  }

  private bump(day: string, dimension: AudienceDimension, key: string, n = 1) {
    const k = `${day}\t${dimension}\t${key}`;
    this.pending.set(k, (this.pending.get(k) ?? 0) + n);
  }
}
