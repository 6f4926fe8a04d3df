/**
 * Crash safety of the real server: writes stream in, the process is killed with SIGKILL in the middle (no
 * shutdown code runs), twice; after a restart every write the server had acknowledged is in the database and
 * `PRAGMA integrity_check` says ok. The longer version (1,000 writes, with a load run) is `npm run test:soak`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inspectAfterRestart, streamAndKill } from "./testing/real-server";

describe("crash safety", () => {
  const dir = mkdtempSync(join(tmpdir(), "crash-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps every acknowledged write and an intact database when the server is killed mid-stream", async () => {
    const first = await streamAndKill(dir, { from: 0, killAfter: 150, parallel: 8, tag: "crash" });
    const second = await streamAndKill(dir, { from: 100_000, killAfter: 150, parallel: 8, tag: "crash" });
    const acked = [...first.acked, ...second.acked];
    expect(acked.length).toBeGreaterThanOrEqual(300);
    const { integrity, stored } = await inspectAfterRestart(dir);
    expect(integrity).toBe("ok");
    expect(acked.filter((m) => !stored.has(m))).toEqual([]);
  }, 120_000);
});
