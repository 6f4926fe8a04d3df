/**
 * One site build at a time across API processes (issue 24 §3), in Redis: every request for a build counts one
 * generation; the process that holds the lock builds everything asked so far (the generation it read when it
 * started), then records that generation as built with the build's report. A process whose request is not yet
 * covered takes the lock when it is free and builds; otherwise it waits for the report that covers it. So two
 * writes on two processes during a build give ONE follow-up build, and a crashed builder's lock expires (renewed
 * while a build runs) and the next waiting process takes over. The built site goes to the shared SITE_DIR (and the
 * bucket when PUBLISH_S3_BUCKET is set): docs/SCALING.md.
 */
import { randomUUID } from "node:crypto";
import type { RedisConnection } from "./connection";

const PREFIX = "institut:build:";
/** Compare-and-delete / compare-and-extend: only the holder may release or renew the lock. */
const RELEASE = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`;
const RENEW = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) else return 0 end`;

/** What the latest build recorded: the generation it covered and its report (JSON). */
export type BuiltMark<R> = { generation: number; report: R };

export class SharedBuildTurns<R = unknown> {
  readonly owner = randomUUID();

  constructor(
    private readonly redis: RedisConnection,
    /** The lock outlives a crashed holder this long; a running build renews it every third of it. */
    readonly lockMs = 60_000,
  ) {}

  /** Counts a request; answers the generation a build must reach to cover it. `full`: the whole site. */
  async request(full: boolean): Promise<number> {
    if (full) await this.redis.send("SET", [`${PREFIX}full`, "1"]);
    return Number(await this.redis.send("INCR", [`${PREFIX}requested`]));
  }

  /** The generation every request so far has reached. */
  async requested(): Promise<number> {
    return Number((await this.redis.send("GET", [`${PREFIX}requested`])) ?? 0);
  }

  async tryLead(): Promise<boolean> {
    return (await this.redis.send("SET", [`${PREFIX}lock`, this.owner, "NX", "PX", this.lockMs])) === "OK";
  }

  async renew(): Promise<void> {
    await this.redis.send("EVAL", [RENEW, 1, `${PREFIX}lock`, this.owner, this.lockMs]);
  }

  async release(): Promise<void> {
    await this.redis.send("EVAL", [RELEASE, 1, `${PREFIX}lock`, this.owner]);
  }

  /** Whether someone asked for the whole site since the last build started (and clears it). */
  async takeFull(): Promise<boolean> {
    return (await this.redis.send("GETDEL", [`${PREFIX}full`])) === "1";
  }

  async built(): Promise<BuiltMark<R> | null> {
    const raw = (await this.redis.send("GET", [`${PREFIX}built`])) as string | null;
    return raw ? (JSON.parse(raw) as BuiltMark<R>) : null;
  }

  async markBuilt(generation: number, report: R): Promise<void> {
    await this.redis.send("SET", [`${PREFIX}built`, JSON.stringify({ generation, report } satisfies BuiltMark<R>)]);
  }
}
