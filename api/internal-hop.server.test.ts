/**
 * The hop from a static worker to the primary process (issue 18, part 6), on the real server with one worker. The
 * primary's loopback listener believed `X-Client-IP` from anyone who could reach it, so any local process could
 * spread sign-in guesses over invented addresses. Now a request without this start's secret is refused before
 * any of its headers is read, while visitors served by the worker keep their own address for rate limits.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import type { Socket } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { contactMessages } from "../db/schema";
import { HOP_HEADER, HOP_REFUSED_MESSAGE } from "./lib/internal-hop";
import { UPLOAD_ACCESS_PATH } from "./lib/uploads/visibility";
import { startListeningServer, type ListeningServer } from "./testing/listening-server";
import { rawRequest } from "./testing/raw-http";

let server: ListeningServer;
let internalPort: number;
let workerPid: number;
let database: Database;

beforeAll(async () => {
  // 127.0.0.1 is a trusted proxy: the test plays many visitors with X-Forwarded-For, the way a reverse proxy would.
  server = await startListeningServer({ WEB_WORKERS: "1", TRUST_PROXY: "127.0.0.1" });
  internalPort = Number((await server.line(/Workers' API listener on http:\/\/127\.0\.0\.1:(\d+)/))[1]);
  workerPid = Number((await server.line(/Static worker (\d+) ready/))[1]);
  database = await openDatabase(server.databaseUrl);
}, 120_000);

afterAll(async () => {
  database?.close();
  await server?.stop();
});

const contact = (tag: string) => JSON.stringify({ name: "Aïssatou Fall", email: "aissatou@example.sn", subject: "Adhésion", message: tag });
const storedIp = async (tag: string) =>
  (await database.db.select({ ip: contactMessages.ip }).from(contactMessages).where(eq(contactMessages.message, tag))).map((r) => r.ip);
/** The kernel's inode of the server side of our connection from `clientPort` (/proc/net/tcp, ports in hex). */
function serverSideInode(clientPort: number): string | null {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f[1]?.endsWith(`:${hex(server.port)}`) && f[2]?.endsWith(`:${hex(clientPort)}`)) return f[9]!;
  }
  return null;
}

const holds = (pid: number, inode: string) =>
  readdirSync(`/proc/${pid}/fd`).some((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
    } catch {
      return false; // closed meanwhile
    }
  });

/** Which process accepted our connection: the kernel picks one of the processes sharing the port. */
async function acceptedBy(socket: Socket): Promise<"worker" | "primary"> {
  for (;;) {
    const inode = serverSideInode(socket.localPort!);
    if (inode && holds(workerPid, inode)) return "worker";
    if (inode && holds(server.proc.pid, inode)) return "primary";
    // Accepted by the kernel, not yet by a process: wait for the condition, not for a fixed time.
    await Bun.sleep(1);
  }
}

/** One contact message on a fresh connection to the shared port, as the visitor at `address`. */
async function sendContact(address: string, tag: string) {
  let by: "worker" | "primary" | null = null;
  const res = await rawRequest(server.port, {
    afterRequestLine: async (socket) => {
      by = await acceptedBy(socket);
    },
    method: "POST",
    target: "/api/public/contact",
    host: `127.0.0.1:${server.port}`,
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: contact(tag),
  });
  return { status: res.status, viaWorker: by === "worker" };
}

describe("the primary's internal listener", () => {
  it("refuses a request without this start's secret, whatever address and URL it claims", async () => {
    const forgeries: Record<string, string>[] = [
      {},
      { [HOP_HEADER]: "" },
      { [HOP_HEADER]: "A".repeat(43) },
      { [HOP_HEADER]: "secret" },
    ];
    for (const [i, extra] of forgeries.entries()) {
      const tag = `forged-${i}`;
      const res = await rawRequest(internalPort, {
        method: "POST",
        target: "/api/public/contact",
        host: `127.0.0.1:${internalPort}`,
        headers: { "content-type": "application/json", "x-client-ip": `203.0.113.${i}`, "x-original-url": "http://site.example/api/public/contact", ...extra },
        body: contact(tag),
      });
      expect({ i, status: res.status, body: JSON.parse(res.body) }).toEqual({ i, status: 403, body: { message: HOP_REFUSED_MESSAGE } });
      expect(await storedIp(tag)).toEqual([]);
    }
    const asked = await rawRequest(internalPort, { method: "GET", target: `${UPLOAD_ACCESS_PATH}?rel=media/x.png`, host: "127.0.0.1" });
    expect(asked.status).toBe(403);
  });

  it("lets no sign-in guess through, so invented addresses buy no extra attempts", async () => {
    for (let i = 0; i < 12; i++) {
      const res = await rawRequest(internalPort, {
        method: "POST",
        target: "/api/auth/login",
        host: "127.0.0.1",
        headers: { "content-type": "application/json", "x-client-ip": `198.51.100.${i}` },
        body: JSON.stringify({ nickname: "admin", password: `essai-${i}` }),
      });
      expect(res.status).toBe(403);
    }
  });
});

describe("requests a static worker passes on", () => {
  it("still reach the API, with the visitor's own address", async () => {
    const seen: { address: string; tag: string; status: number; viaWorker: boolean }[] = [];
    // The kernel spreads connections over the primary and the worker; keep going until the worker took a few.
    for (let n = 1; n <= 250 && seen.filter((s) => s.viaWorker).length < 3; n++) {
      const address = `10.1.${n >> 8}.${n & 255}`;
      const tag = `via-port-${n}`;
      seen.push({ address, tag, ...(await sendContact(address, tag)) });
    }
    expect(seen.filter((s) => s.viaWorker).length).toBe(3);
    for (const s of seen) {
      expect({ tag: s.tag, status: s.status, ip: await storedIp(s.tag) }).toEqual({ tag: s.tag, status: 201, ip: [s.address] });
    }
  }, 120_000);

  it("count against the visitor's own rate limit, whichever process took them", async () => {
    const first: number[] = [];
    for (let i = 0; i < 5; i++) first.push((await sendContact("10.2.0.1", `limit-${i}`)).status);
    // Five messages per address in 15 minutes (api/modules/contact/public.ts).
    expect(first).toEqual([201, 201, 201, 201, 201]);
    // Refused from then on, also when the worker takes the request and passes the address on.
    const after: { status: number; viaWorker: boolean }[] = [];
    for (let i = 5; i < 250 && after.filter((a) => a.viaWorker).length < 2; i++) after.push(await sendContact("10.2.0.1", `limit-${i}`));
    expect(after.filter((a) => a.viaWorker).length).toBe(2);
    expect(after.map((a) => a.status)).toEqual(after.map(() => 429));
    expect((await sendContact("10.2.0.2", "limit-other")).status).toBe(201);
  }, 120_000);
});
