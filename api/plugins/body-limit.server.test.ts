/**
 * The body limits against the real server (api/server.ts, the primary process that runs the API): large JSON
 * bodies are refused before being read, so its memory does not follow them (issue 12 item 5: four 100 MB JSON
 * bodies took the server from 400 MB to 1.36 GB). Static workers refuse such bodies from their headers before
 * forwarding anything (api/lib/uploads/limits.ts).
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startListeningServer, type ListeningServer } from "../testing/listening-server";

const MB = 1024 * 1024;
let server: ListeningServer;
let proc: ListeningServer["proc"];
let origin: string;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

beforeAll(async () => {
  server = await startListeningServer();
  ({ proc, origin } = server);
}, 120_000);

afterAll(() => server?.stop());

describe("body limits on the real server", () => {
  it("answers 413 to rounds of four parallel 20 MB JSON logins while memory stays within a few MB", async () => {
    const pids = [proc.pid];
    const post = (bytes: Uint8Array<ArrayBuffer>) =>
      fetch(`${origin}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: bytes });
    const body = new Uint8Array(20 * MB).fill(0x20);
    const round = () => Promise.all(Array.from({ length: 4 }, () => post(body)));
    const answers: Response[] = [];
    // Warm-up: a fresh process grows to its working size as its code paths run for the first time. Rounds until
    // one adds less than 2 MB (measured: the first one already does; a static worker takes two to four).
    for (let i = 0; i < 12; i++) {
      const start = pids.map(rssMb);
      answers.push(...(await round()));
      if (pids.every((pid, j) => rssMb(pid) - start[j]! < 2)) break;
    }
    const before = pids.map(rssMb);
    let peak = before.slice();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = pids.map((pid, i) => Math.max(peak[i]!, rssMb(pid)));
        await Bun.sleep(5);
      }
    })();
    for (let i = 0; i < 3; i++) answers.push(...(await round()));
    sampling = false;
    await sampler;
    for (const res of answers) {
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: "Requête trop volumineuse (max 64 Ko)." });
    }
    const growth = peak.map((p, i) => p - before[i]!);
    // Reading even one of the bodies would add 20 MB to a process; four at once, 80 MB.
    for (const g of growth) expect(g).toBeLessThan(8);
  });

  it("answers 413 to a chunked JSON body as soon as it passes 64 KB", async () => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent >= 20 * MB) return c.close();
        c.enqueue(new Uint8Array(256 * 1024).fill(0x20));
        sent += 256 * 1024;
      },
    });
    const res = await fetch(`${origin}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
  });
});
