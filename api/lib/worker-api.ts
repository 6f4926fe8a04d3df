/**
 * The API reads a worker answers itself (issue 34): the same Elysia app as the primary's (createApp), over the
 * worker's own query-only connection to the same database file (WAL: readers never block the writer nor wait for
 * it), with the same guards, no-store headers and limits. Only the routes of api/lib/worker-reads.ts come here;
 * the rest is forwarded to the primary.
 *
 * What a read might write goes to the primary: a session's slid expiry and an expired session's deletion
 * (api/lib/worker-ipc.ts), the search counter (the primary's, or Redis with REDIS_URL). Anything else that would
 * write or build from here throws: the builder, contentChanged and the issue sender below, and the database
 * itself (`PRAGMA query_only`, db/client.ts).
 */
import { openDatabase } from "../../db/client";
import { createApp } from "../app";
import type { Deps } from "../deps";
import type { Env } from "../env";
import { redisAccountLimits, type AccountLimits } from "./account-limits";
import { withClientIp } from "./client-ip";
import { PublicCache } from "./public-cache";
import type { Limiter } from "./rate-limit";
import { RedisConnection } from "./redis/connection";
import { primarySessionWrites, PrimaryLimiter, type FromWorker, type ToWorker } from "./worker-ipc";
import { workerReadMatcher } from "./worker-reads";

/** Test runs set SERVED_BY_HEADER=1 to see which process answered an API request (x-served-by). */
export const SERVED_BY = "x-served-by";

function refuse(what: string): never {
  throw new Error(`${what} called in a worker: writes and builds belong to the primary (api/lib/worker-api.ts)`);
}

const refusing: Limiter = { take: () => refuse("A write's rate limit") };

export type WorkerReads = {
  /** The answer to a read this worker serves, or null when the request goes to the primary. */
  answer(request: Request, pathname: string, clientIp: string | undefined): Promise<Response> | null;
  /** A message from the primary. */
  onMessage(message: ToWorker): void;
  close(): void;
};

/** The worker's deps: a read-only database and everything that would write or build refusing loudly. */
export function workerDeps(db: Deps["db"], env: Env, send: (m: FromWorker) => void, search: Limiter, redis: RedisConnection | null): Deps {
  // Only the search counter is reached by a read; the other counters guard writes, which never come here.
  const limits: AccountLimits = redis
    ? redisAccountLimits(redis, env)
    : {
        search,
        memberUploads: refusing,
        adminUploads: refusing,
        uploadLocks: { acquire: () => refuse("An upload lock") },
        resetsByAddress: refusing,
        resetsByLogin: refusing,
        resetsByAccount: refusing,
        registrationsByAddress: refusing,
        contactByAddress: refusing,
        ownerProofs: { take: () => refuse("The owner-present step"), refund: () => refuse("The owner-present step"), reset: () => refuse("The owner-present step") },
      };
  return {
    db,
    env,
    builder: { requestBuild: () => refuse("The site builder"), status: () => refuse("The site builder's status") },
    contentChanged: () => refuse("contentChanged"),
    wakeIssueSender: () => refuse("The newsletter sender"),
    limits,
    sessionWrites: primarySessionWrites(send),
  };
}

export async function createWorkerReads(env: Env, send: (m: FromWorker) => void): Promise<WorkerReads> {
  const database = await openDatabase(env.databaseUrl, env.databaseAuthToken, { readOnly: true });
  const searches = new PrimaryLimiter(send);
  const redis = env.redisUrl ? new RedisConnection(env.redisUrl) : null;
  const app = createApp(workerDeps(database.db, env, send, searches, redis));
  const cache = new PublicCache();
  let isRead: ReturnType<typeof workerReadMatcher> | null = null;
  const servedBy = process.env.SERVED_BY_HEADER === "1";
  const mark = (res: Response) => {
    res.headers.set(SERVED_BY, `worker ${process.pid}`);
    return res;
  };
  return {
    answer(request, pathname, clientIp) {
      // The route table is complete once the app has been built; read once.
      isRead ??= workerReadMatcher(app.routes);
      if (!isRead(request.method, pathname)) return null;
      const answer = cache.answer(request, pathname, (r) => app.handle(r)) ?? app.handle(withClientIp(request, clientIp));
      return servedBy ? answer.then(mark) : answer;
    },
    onMessage(message) {
      if (message?.type === "took") searches.answered(message.id, message.wait);
      if (message?.type === "public-cache-clear") {
        cache.clear();
        send({ type: "public-cache-cleared", id: message.id });
      }
    },
    close() {
      database.close();
      redis?.close();
    },
  };
}
