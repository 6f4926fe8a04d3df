/**
 * One path for the router and the guards (issue 18, part 2), through the real listening server, its static worker
 * and raw sockets: fetch cannot send an empty or one-letter Host, nor an absolute-form request target. Under every
 * such Host and with doubled prefixes, an anonymous call to a protected route is answered without its body, an
 * admin write that succeeds has its journal row, and a personal answer is never stored. api/plugins/routed-path.test.ts
 * proves the same in process, for every admin write.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { auditLog, contactMessages } from "../db/schema";
import { BAD_HOST_MESSAGE } from "./lib/request-path";
import { audienceOf } from "./plugins/access-gate";
import { ADDRESS_REFUSED_MESSAGE } from "./plugins/routed-path";
import { createHarness } from "./testing/harness";
import { adminToken, startListeningServer, type ListeningServer } from "./testing/listening-server";
import { rawRequest, type RawAnswer } from "./testing/raw-http";

const HOSTS = ["", "x", "ab", "abc", "[::1]", "x:1", "localhost"];
const DUMMY_ID = "0123456789abcdef01234567";
const PERSONAL = /^\/api\/(user|users|admin|auth)(\/|$)/;
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Request targets for the route at `path`: as is, with a doubled prefix, and in absolute form. */
const targets = (path: string) => [path, `/api${path}`, `//api${path}`, `http://evil.example/api${path}`, `http://evil.example${path}`];

let server: ListeningServer;
let database: Database;
let token: string;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  // The route table, from the app itself: a new route is covered without editing this file.
  const h = await createHarness();
  routes = h.app.routes.filter((r) => r.method !== "WS" && typeof r.path === "string").map((r) => ({ method: r.method, path: r.path }));
  h.close();
  // One static worker: requests land on either process, and both must hold.
  server = await startListeningServer({ WEB_WORKERS: "1", TRUST_PROXY: "127.0.0.1" });
  await server.line(/Static worker \d+ ready/);
  database = await openDatabase(server.databaseUrl);
  token = await adminToken(server);
}, 120_000);

afterAll(async () => {
  database?.close();
  await server?.stop();
});

const messageOf = (res: RawAnswer) => {
  try {
    return (JSON.parse(res.body) as { message?: unknown }).message;
  } catch {
    return res.body;
  }
};
/** Refused for its address: by the front door (no usable Host) or by the API's own check (routed-path). */
const addressRefused = (res: RawAnswer) => res.status === 400 && [BAD_HOST_MESSAGE, ADDRESS_REFUSED_MESSAGE].includes(String(messageOf(res)));
/** An answer from the API (a route or a guard), as opposed to the static front door's 404/405/503. */
const fromApi = (res: RawAnswer) => res.status < 300 || [400, 401, 403, 409, 413, 429].includes(res.status);
const journalRows = async () => (await database.db.select({ n: count() }).from(auditLog))[0]!.n;

describe("odd Host values and doubled prefixes on the real server", () => {
  it("answers anonymous calls to protected routes with 401 or a refusal, without waiting for their body", async () => {
    const wrong: string[] = [];
    let unauthorized = 0;
    for (const r of routes.filter((x) => audienceOf(x.path) !== "public")) {
      const path = r.path.replace(/:[A-Za-z_]+/g, DUMMY_ID);
      for (const host of HOSTS) {
        for (const target of targets(path)) {
          // The body is announced and never sent: an answer that needed it would never come (the test times out).
          const res = await rawRequest(server.port, {
            method: r.method,
            target,
            host,
            headers: { "content-type": "application/json" },
            body: WRITES.has(r.method) ? "{}" : undefined,
            withholdBody: WRITES.has(r.method),
          });
          if (res.status === 401) unauthorized++;
          // 404: no route has that path; 405 / 503: the static front door (POST to a page, site not built yet).
          const ok = res.status === 401 || addressRefused(res) || [404, 405, 503].includes(res.status);
          if (!ok) wrong.push(`${r.method} ${target} (Host: ${host}): ${res.status} ${String(messageOf(res))}`);
          if (PERSONAL.test(path) && fromApi(res) && res.headers["cache-control"] !== "no-store") {
            wrong.push(`${r.method} ${target} (Host: ${host}): ${res.status} without no-store`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // The plain forms under usable hosts did reach the gate.
    expect(unauthorized).toBeGreaterThan(routes.filter((x) => audienceOf(x.path) !== "public").length);
  }, 240_000);

  it("journals every admin write that succeeds, and changes nothing when it is refused", async () => {
    const wrong: string[] = [];
    let done = 0;
    let n = 0;
    for (const host of HOSTS) {
      for (const form of targets("")) {
        // A fresh message from a fresh address (five per address), then the admin marks it read and deletes it.
        const tag = `chemin-${++n}`;
        const sent = await fetch(`${server.origin}/api/public/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `10.3.0.${n}` },
          body: JSON.stringify({ name: "Fatou", email: "fatou@example.sn", subject: "Question", message: tag }),
        });
        expect(sent.status).toBe(201);
        const [row] = await database.db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.message, tag));
        let deleted = false;
        for (const [method, path] of [["PUT", `/api/admin/contact/${row!.id}/read`], ["DELETE", `/api/admin/contact/${row!.id}`]] as const) {
          const target = form + path;
          const before = await journalRows();
          const res = await rawRequest(server.port, { method, target, host, headers: { authorization: `Bearer ${token}` } });
          const added = (await journalRows()) - before;
          const label = `${method} ${target} (Host: ${host}): ${res.status}`;
          if (res.status < 300) done++;
          if (method === "DELETE") deleted = res.status < 300;
          if (res.status < 300 && added !== 1) wrong.push(`${label} with ${added} journal rows`);
          if (res.status >= 300 && added !== 0) wrong.push(`${label} refused yet ${added} journal rows`);
          if (res.status >= 300 && !addressRefused(res) && ![404, 405, 503].includes(res.status)) wrong.push(`${label} ${String(messageOf(res))}`);
          if (fromApi(res) && res.headers["cache-control"] !== "no-store") wrong.push(`${label} without no-store`);
        }
        const left = await database.db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.message, tag));
        // Gone exactly when the delete said so.
        if (left.length !== (deleted ? 0 : 1)) wrong.push(`message ${tag} (Host: ${host}, ${form || "plain"}): deleted=${deleted}, rows left=${left.length}`);
      }
    }
    expect(wrong).toEqual([]);
    // Under [::1] and localhost, the plain and absolute forms ran: the journal check above had writes to count.
    expect(done).toBeGreaterThanOrEqual(8);
  }, 240_000);
});
