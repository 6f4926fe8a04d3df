/**
 * The input fuzz through a worker's door (issue 34): the real server with one worker, on the fuzz world's own
 * database file, and every read a worker answers (api/lib/worker-reads.ts) that takes a query or a path value sent
 * poisoned cases (api/testing/fuzz-inputs.ts) as anonymous, member, another member and admin at the worker's own
 * port. None may answer 5xx, each refusal comes with a French message, nothing is written (every table and the
 * uploads folder the same before and after each route), and the worker answers them itself (x-served-by), but for
 * a path it forwards by design (one whose route would change once percent-decoded).
 */
import fc from "fast-check";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WORKER_READ_ROUTES } from "./lib/worker-reads";
import { casesFor, describeCase, readsInput, requestOf, shapeOf, type RouteShape } from "./testing/fuzz-inputs";
import { RULES } from "./testing/authz-matrix";
import { makeWorld, ROLES, type Caller, type World } from "./testing/authz-matrix-world";
import { createHarness, type Harness } from "./testing/harness";
import { startWithWorkerDoor, type RealServer } from "./testing/real-server";
import { refusalMessage } from "./testing/refusal-message";
import { writeDigest, writtenBetween } from "./testing/write-digests";

const SEED = 20261129;
/** Cases per route and role: ~20 reads that take input × 4 roles × 8, each an HTTP request to the real server. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
/** Bun's limit on a request's line and headers (bytes). */
const BUN_HEADER_LIMIT = 16 * 1024;

describe("input fuzz through a worker's door", () => {
  let h: Harness;
  let w: World;
  let callers: Caller[];
  let server: RealServer;
  let door: string;
  const serverDir = mkdtempSync(join(tmpdir(), "fuzz-worker-"));

  beforeAll(async () => {
    h = await createHarness();
    w = await makeWorld(h);
    callers = await Promise.all(ROLES.map((r) => w.caller(r)));
    // The server opens the world's database; searches are not limited here (each case may search).
    ({ server, door } = await startWithWorkerDoor(serverDir, h.dir, { SERVED_BY_HEADER: "1", SEARCHES_PER_10S: "1000000" }));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    h?.close();
    rmSync(serverDir, { recursive: true, force: true });
  });

  it("refuses every poisoned read without a 5xx, in French, writes nothing, and answers from the worker", async () => {
    const problems: string[] = [];
    const reads: RouteShape[] = h.app.routes
      .filter((r) => r.method === "GET" && typeof r.path === "string" && WORKER_READ_ROUTES.has(r.path))
      .map(shapeOf)
      .filter(readsInput);
    const uploadsDir = w.h.deps.env.uploadsDir;
    let refusedByBun = 0;
    for (const route of reads) {
      const key = `GET ${route.path}`;
      const params = (await RULES[key]?.params?.(w)) ?? {};
      const before = await writeDigest(h.database.client, uploadsDir);
      let byWorker = 0;
      let tooLong = 0;
      for (const [i, caller] of callers.entries()) {
        await fc.assert(
          fc.asyncProperty(casesFor(route), async (c) => {
            const made = requestOf(route, c, params, caller.headers, w.png);
            const res = await fetch(made.url.replace(/^http:\/\/localhost/, door), { headers: made.headers });
            const message = refusalMessage(res, await res.text());
            const where = `${key} as ${caller.role}: ${describeCase(c)}`;
            // Past 16 KiB of request line and headers, Bun's HTTP parser answers 431 itself, before any code of
            // ours runs (the primary's door does the same): the right status, with no body to put French in.
            if (res.status === 431 && made.url.length > BUN_HEADER_LIMIT / 2) return void tooLong++;
            if (res.headers.get("x-served-by")?.startsWith("worker")) byWorker++;
            if (res.status >= 500) problems.push(`${res.status} ${where}`);
            else if (c.poison && res.status < 400) problems.push(`${res.status} accepted ${where}`);
            else if (res.status >= 400 && (typeof message !== "string" || message.length < 5)) problems.push(`${res.status} without a French message ${where}`);
          }),
          { seed: SEED + i, numRuns: RUNS },
        );
      }
      if (byWorker === 0) problems.push(`${key}: no case answered by the worker`);
      refusedByBun += tooLong;
      const written = writtenBetween(before, await writeDigest(h.database.client, uploadsDir));
      if (written) problems.push(`${key} wrote: ${written}`);
    }
    expect(problems).toEqual([]);
    expect(reads.length).toBeGreaterThan(10);
    // Most cases reach the app: the generated values are mostly short.
    expect(refusedByBun).toBeLessThan(reads.length * ROLES.length * RUNS * 0.5);
  }, 300_000);
});
