/**
 * What a worker answering reads (api/lib/worker-api.ts) and the primary (api/server.ts) say to each other over the
 * IPC channel Bun.spawn opens between them. The primary stays the only writer and the keeper of the per-account
 * search counters; the workers ask it.
 */
import type { Db } from "../../db/client";
import type { Salts } from "../modules/audience/counter";
import type { Limiter } from "./rate-limit";
import { directSessionWrites, type SessionWrites } from "./session";

/** Worker → primary. */
export type FromWorker =
  | { type: "ready" }
  /** Count one search of an account on the primary's counter; answered by `took`. */
  | { type: "take"; id: number; key: string }
  /** A session used in its second half: slide its expiry (api/lib/session.ts). */
  | { type: "session-extend"; id: string; expiresAt: number }
  /** An expired session was presented: delete it. */
  | { type: "session-remove"; id: string }
  /** The worker dropped its public answers (answer to `public-cache-clear`). */
  | { type: "public-cache-cleared"; id: number }
  /** The worker serves the site generation of `site` (its answer). */
  | { type: "site-applied"; id: number }
  /** First readings of the day counted by the worker (api/modules/audience/tally.ts checks each hit). */
  | { type: "audience"; hits: unknown[] };

/** Primary → worker: every message (api/server.ts sends each with `satisfies ToWorker`, api/web-worker.ts reads them). */
export type ToWorker =
  /** The answer to a `take`: how long the account must wait (0: the search may run). */
  | { type: "took"; id: number; wait: number }
  /** Drop the public answers (a change was made); answered by `public-cache-cleared`. */
  | { type: "public-cache-clear"; id: number }
  /** The live build's folder to serve (null: none yet). */
  | { type: "root"; dir: string | null }
  /** The member and admin apps' folder. */
  | { type: "apps"; dir: string | null }
  /** The uploads anyone may read (approved and online content). */
  | { type: "uploads"; files: string[] }
  /** The day's salts readers are counted with (api/modules/audience/counter.ts); sent at ready and when they turn. */
  | { type: "audience-salts"; salts: Salts }
  /**
   * A new site generation (issue 31 §2): serve the build folder `dir`; `files` are the files a publication in place
   * changed there (dropped from memory), null for a new folder (everything dropped). Answered by `site-applied`.
   */
  | { type: "site"; id: number; dir: string | null; files: string[] | null };

type Send = (message: FromWorker) => void;

/**
 * The search counter of a worker: each search is counted by the primary, in the same counter as the primary's own
 * searches, so an account has one limit whichever process answers. Fails open like the Redis counters when the
 * primary does not answer (it is restarting): refusing every search for a counter outage would be worse.
 */
export class PrimaryLimiter implements Limiter {
  private next = 0;
  private waiting = new Map<number, (wait: number) => void>();

  constructor(
    private readonly send: Send,
    private readonly timeoutMs = 2_000,
  ) {}

  take(key: string): Promise<number> {
    const id = ++this.next;
    return new Promise<number>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        console.error("The primary did not count a search in time: limit not counted");
        resolve(0);
      }, this.timeoutMs);
      this.waiting.set(id, (wait) => {
        clearTimeout(timer);
        resolve(wait);
      });
      try {
        this.send({ type: "take", id, key });
      } catch {
        this.waiting.get(id)?.(0);
        this.waiting.delete(id);
      }
    });
  }

  /** The primary's answer to a `take`. */
  answered(id: number, wait: number) {
    const done = this.waiting.get(id);
    this.waiting.delete(id);
    done?.(wait);
  }
}

/** A worker's session writes, handed to the primary (fire and forget: a slide missed by a crash is made by the next use). */
export function primarySessionWrites(send: Send): SessionWrites {
  return {
    async extend(_db, id, expiresAt) {
      send({ type: "session-extend", id, expiresAt: expiresAt.getTime() });
    },
    async remove(_db, id) {
      send({ type: "session-remove", id });
    },
  };
}

/** The primary's side: answers a worker's message; `reply` sends back to that worker. */
export async function onWorkerMessage(
  message: FromWorker,
  ctx: { db: Db; search: Limiter; reply: (m: ToWorker) => void },
): Promise<void> {
  if (message?.type === "take" && typeof message.key === "string" && Number.isInteger(message.id)) {
    const wait = await ctx.search.take(message.key).catch(() => 0);
    ctx.reply({ type: "took", id: message.id, wait });
  } else if (message?.type === "session-extend" && typeof message.id === "string" && Number.isFinite(message.expiresAt)) {
    await directSessionWrites.extend(ctx.db, message.id, new Date(message.expiresAt)).catch((e) => console.error("Sliding a session failed:", (e as Error).message));
  } else if (message?.type === "session-remove" && typeof message.id === "string") {
    await directSessionWrites.remove(ctx.db, message.id).catch((e) => console.error("Deleting an expired session failed:", (e as Error).message));
  }
}
