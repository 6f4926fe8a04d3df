/**
 * The router and the guards read one path (issue 18, part 2). Elysia finds the route from `url.indexOf('/', 11)`,
 * so with a host of one to three characters `http://x/api/api/admin/themes` ran `/api/admin/themes` while the
 * access gate, the journal and the no-store header read `/api/api/...` and took it for a public path. Every route
 * of the app (its own table, so a new route is covered without editing this file) is called here under short,
 * odd host names and doubled prefixes, through `app.handle` as any caller can build the Request.
 */
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { RULES } from "../testing/authz-matrix";
import { makeWorld, type World } from "../testing/authz-matrix-world";
import { createHarness, type Harness } from "../testing/harness";
import { audienceOf } from "./access-gate";
import { ADDRESS_REFUSED_MESSAGE } from "./routed-path";

const DUMMY_ID = "0123456789abcdef01234567";
const PERSONAL = /^\/api\/(user|users|admin|auth)(\/|$)/;
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * URLs that, before the fix, made Elysia run the route at `path` while the URL's real path was something else:
 * a host too short for Elysia's `indexOf('/', 11)` and a doubled `/api` or `//api` in front. Long hosts and
 * bracketed IPv6 are controls: there the router and the URL agree.
 */
export function oddUrls(path: string): string[] {
  const urls: string[] = [];
  for (const host of ["x", "ab", "abc", "x:1", "[::1]"]) {
    urls.push(`http://${host}/api${path}`, `http://${host}//api${path}`, `http://${host}${path}`);
  }
  urls.push(`https://x/api${path}`, `https://ab/api${path}`, `http://localhost//api${path}`, `http://localhost/api${path}`);
  return urls;
}

/** A JSON body whose reading is recorded: a refusal must come before anyone pulls it. */
function watchedBody(text = "{}") {
  const seen = { read: false };
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      seen.read = true;
      c.enqueue(bytes);
      c.close();
    },
    // Without this the stream pulls its first chunk at once, to fill its queue, before anyone reads it.
  }, { highWaterMark: 0 });
  return { seen, init: { body: stream, headers: { "content-type": "application/json", "content-length": String(bytes.byteLength) }, duplex: "half" } };
}

describe("one path for the router and every guard, whatever the Host", () => {
  let h: Harness;
  let w: World;
  let routes: { method: string; path: string }[];
  const journalRows = async () => (await h.database.db.select({ n: count() }).from(auditLog))[0]!.n;

  beforeAll(async () => {
    h = await createHarness({ REBUILD_TOKEN: "jeton-de-reconstruction-du-chemin" });
    w = await makeWorld(h);
    routes = h.app.routes.filter((r) => r.method !== "WS" && typeof r.path === "string").map((r) => ({ method: r.method, path: r.path }));
    expect(routes.length).toBeGreaterThan(80);
  });
  afterAll(() => h.close());

  it("answers an anonymous call to every protected route with 401 (or refuses its address) before reading its body", async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => audienceOf(x.path) !== "public")) {
      const path = r.path.replace(/:[A-Za-z_]+/g, DUMMY_ID);
      for (const url of oddUrls(path)) {
        const body = WRITES.has(r.method) ? watchedBody() : null;
        const res = await h.app.handle(new Request(url, { method: r.method, ...(body?.init ?? {}) } as RequestInit));
        const message = (await res.json().catch(() => ({})))?.message;
        const refused = res.status === 401 || (res.status === 400 && message === ADDRESS_REFUSED_MESSAGE) || res.status === 404;
        // 404 only when no route ran: then the body is unread too, which the next line checks.
        if (!refused) wrong.push(`${r.method} ${url}: ${res.status} ${String(message)}`);
        if (body?.seen.read) wrong.push(`${r.method} ${url}: body read before the caller was checked (${res.status})`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("marks every answer of a personal route no-store, under any host and prefix", async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => PERSONAL.test(x.path))) {
      const path = r.path.replace(/:[A-Za-z_]+/g, DUMMY_ID);
      for (const url of oddUrls(path)) {
        const res = await h.app.handle(new Request(url, { method: r.method, headers: (await w.caller("admin")).headers }));
        await res.arrayBuffer();
        // Only the forms that reached a route or a guard matter; a plain 404 of an unknown path holds no data.
        if (res.status !== 404 && res.headers.get("cache-control") !== "no-store") {
          wrong.push(`${r.method} ${url}: ${res.status} with cache-control ${res.headers.get("cache-control")}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("writes a journal row for every admin write that succeeds, under any host and prefix", async () => {
    const wrong: string[] = [];
    let succeeded = 0;
    const adminWrites = routes.filter((r) => WRITES.has(r.method) && audienceOf(r.path) === "admin");
    expect(adminWrites.length).toBeGreaterThan(25);
    for (const r of adminWrites) {
      const rule = RULES[`${r.method} ${r.path}`];
      if (!rule) throw new Error(`no rule for ${r.method} ${r.path} in api/testing/authz-matrix.ts`);
      for (const form of oddUrls("")) {
        const caller = await w.caller("admin");
        const params = rule.params ? await rule.params(w) : {};
        const path = r.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params[name]!));
        const body = rule.body?.(w, caller);
        const headers: Record<string, string> = { ...caller.headers, ...rule.headers?.(w) };
        const init: RequestInit = { method: r.method, headers };
        if (body instanceof FormData) init.body = body;
        else if (body !== undefined) {
          init.body = JSON.stringify(body);
          headers["content-type"] = "application/json";
        }
        const url = form + path;
        const before = await journalRows();
        const res = await h.app.handle(new Request(url, init));
        await res.arrayBuffer();
        const added = (await journalRows()) - before;
        if (res.ok) succeeded++;
        if (res.ok && added !== 1) wrong.push(`${r.method} ${url}: ${res.status} with ${added} journal rows`);
        if (!res.ok && added !== 0) wrong.push(`${r.method} ${url}: refused (${res.status}) yet ${added} journal rows`);
      }
    }
    expect(wrong).toEqual([]);
    // The forms where router and URL agree ([::1], long hosts) did write: the check above had rows to count.
    expect(succeeded).toBeGreaterThanOrEqual(adminWrites.length);
  }, 240_000);

  it("refuses in French, before any route runs, a request whose host hides the path from the router", async () => {
    const before = await journalRows();
    const admin = await w.caller("admin");
    for (const url of ["http://x/api/api/admin/themes", "http://ab//api/api/admin/themes", "http://x:1/api/admin/themes", "https://x/api/api/admin/themes"]) {
      const res = await h.app.handle(
        new Request(url, { method: "POST", headers: { ...admin.headers, "content-type": "application/json" }, body: JSON.stringify({ name: "Thème caché", url: "theme-cache" }) }),
      );
      expect({ url, status: res.status, body: await res.json() }).toEqual({ url, status: 400, body: { message: ADDRESS_REFUSED_MESSAGE } });
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    expect(await journalRows()).toBe(before);
  });

  it("still serves the same routes under ordinary host names", async () => {
    const admin = await w.caller("admin");
    for (const origin of ["http://localhost", "http://[::1]", "http://127.0.0.1:3000", "https://site.example", "http://abcd"]) {
      const res = await h.app.handle(new Request(`${origin}/api/admin/themes`, { headers: admin.headers }));
      expect({ origin, status: res.status }).toEqual({ origin, status: 200 });
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });
});
