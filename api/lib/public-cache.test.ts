import { describe, expect, it } from "vitest";
import { PublicCache } from "./public-cache";

const json = (v: unknown) => new Response(JSON.stringify(v), { headers: { "content-type": "application/json" } });
const req = (headers: Record<string, string> = {}) => new Request("http://x/api/public/articles", { headers });

describe("public answer cache", () => {
  it("serves a stored answer until the content changes", async () => {
    const cache = new PublicCache();
    expect(cache.lookup(req(), "k")).toBeNull();
    await cache.store(req(), "k", json([{ title: "Un" }]), cache.generationNow);
    expect(await cache.lookup(req(), "k")!.json()).toEqual([{ title: "Un" }]);
    cache.clear();
    expect(cache.lookup(req(), "k")).toBeNull();
  });

  it("does not keep an answer computed while a write happened", async () => {
    const cache = new PublicCache();
    const before = cache.generationNow;
    cache.clear(); // a write lands while the answer is being computed
    const served = await cache.store(req(), "k", json(["ancien"]), before);
    expect(await served.json()).toEqual(["ancien"]);
    expect(cache.lookup(req(), "k")).toBeNull();
    await cache.store(req(), "k", json(["neuf"]), cache.generationNow);
    expect(await cache.lookup(req(), "k")!.json()).toEqual(["neuf"]);
  });

  it("never caches errors", async () => {
    const cache = new PublicCache();
    await cache.store(req(), "k", new Response(JSON.stringify({ message: "x" }), { status: 404, headers: { "content-type": "application/json" } }), 0);
    expect(cache.lookup(req(), "k")).toBeNull();
  });

  it("compresses large answers for clients that accept gzip and answers 304 to a matching ETag", async () => {
    const cache = new PublicCache();
    const big = Array.from({ length: 200 }, (_, i) => ({ title: `Article ${i}` }));
    const first = await cache.store(req(), "k", json(big), cache.generationNow);
    const etag = first.headers.get("etag")!;
    expect(cache.lookup(req({ "accept-encoding": "gzip" }), "k")!.headers.get("content-encoding")).toBe("gzip");
    expect(cache.lookup(req({ "if-none-match": etag }), "k")!.status).toBe(304);
  });
});

describe("public answer cache budget", () => {
  it("keys answers without query parameters the API does not read, so ?cb=N reuses one entry", () => {
    const a = PublicCache.keyOf("/api/public/members", "http://x/api/public/members?cb=1");
    const b = PublicCache.keyOf("/api/public/members", "http://x/api/public/members?cb=2&z=3");
    expect(a).toBe(b);
  });

  it("counts each entry's key and headers, so many tiny answers under long addresses stay within the budget", async () => {
    const budget = 1024 * 1024;
    const cache = new PublicCache({ budgetBytes: budget });
    const keys: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const key = `/api/public/author/${"x".repeat(1000)}${i}`;
      keys.push(key);
      await cache.store(req(), key, json({ i }), cache.generationNow);
    }
    const kept = keys.filter((k) => cache.lookup(req(), k) !== null);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length * 1000).toBeLessThanOrEqual(budget);
  });
  it("answers a public GET from the cache, leaves every other request to the caller", async () => {
    const cache = new PublicCache();
    let computed = 0;
    const compute = async () => json({ n: ++computed });
    const get = (path: string, method = "GET") => new Request(`http://x${path}`, { method });
    expect(await (await cache.answer(get("/api/public/themes"), "/api/public/themes", compute))!.json()).toEqual({ n: 1 });
    expect(await (await cache.answer(get("/api/public/themes?cb=9"), "/api/public/themes", compute))!.json()).toEqual({ n: 1 });
    expect(cache.answer(get("/api/public/themes", "HEAD"), "/api/public/themes", compute)).toBeNull();
    expect(cache.answer(get("/api/user/me"), "/api/user/me", compute)).toBeNull();
    expect(cache.answer(get("/api/public/articles/changes"), "/api/public/articles/changes", compute)).toBeNull();
    cache.clear();
    expect(await (await cache.answer(get("/api/public/themes"), "/api/public/themes", compute))!.json()).toEqual({ n: 2 });
  });

  it("computes an answer once for the requests that miss together, and anew for those arriving after a write", async () => {
    const cache = new PublicCache();
    let computed = 0;
    const gates: (() => void)[] = [];
    // Each computation waits until the test lets it finish, so requests pile up behind it as under load.
    const compute = () => new Promise<Response>((done) => gates.push(() => done(json({ n: ++computed }))));
    const get = (headers: Record<string, string> = {}) => new Request("http://x/api/public/articles", { headers });
    const early = [cache.answer(get(), "/api/public/articles", compute)!, cache.answer(get({ "accept-encoding": "gzip" }), "/api/public/articles", compute)!];
    expect(gates).toHaveLength(1);
    cache.clear(); // a write lands while the first answer is computed
    const late = cache.answer(get(), "/api/public/articles", compute)!;
    expect(gates).toHaveLength(2);
    gates.forEach((open) => open());
    const answers = await Promise.all([...early, late]);
    expect(await Promise.all(answers.map((r) => r.json()))).toEqual([{ n: 1 }, { n: 1 }, { n: 2 }]);
    // The one computed before the write was served, not kept; the later one is.
    expect(await cache.lookup(get(), "/api/public/articles")!.json()).toEqual({ n: 2 });
  });

  it("lets each waiting request compute its own answer when the shared one is an error", async () => {
    const cache = new PublicCache();
    let calls = 0;
    let fail!: () => void;
    const compute = () =>
      ++calls === 1
        ? new Promise<Response>((done) => (fail = () => done(new Response(JSON.stringify({ message: "x" }), { status: 503, headers: { "content-type": "application/json" } }))))
        : Promise.resolve(json({ ok: true }));
    const get = () => new Request("http://x/api/public/themes");
    const first = cache.answer(get(), "/api/public/themes", compute)!;
    const second = cache.answer(get(), "/api/public/themes", compute)!;
    fail();
    expect((await first).status).toBe(503);
    expect(await (await second).json()).toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it("compresses an answer too big to keep once for the waiting requests that ask for gzip", async () => {
    const cache = new PublicCache({ budgetBytes: 4096 });
    // Random titles: too big to keep even compressed.
    const big = Array.from({ length: 200 }, (_, i) => ({ title: `Article ${i} ${crypto.randomUUID()}` }));
    let computed = 0;
    let finish!: () => void;
    const compute = () => new Promise<Response>((done) => (finish = () => done(json(big)), computed++));
    const ask = (headers: Record<string, string> = {}) => cache.answer(new Request("http://x/api/public/articles", { headers }), "/api/public/articles", compute)!;
    // The first asks without gzip, the next two wait for its answer and want it compressed.
    const [plain, zipped, again] = [ask(), ask({ "accept-encoding": "gzip" }), ask({ "accept-encoding": "gzip" })];
    finish();
    expect((await plain).headers.get("content-encoding")).toBeNull();
    expect(await (await plain).json()).toEqual(big);
    for (const res of [await zipped, await again]) {
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer()))))).toEqual(big);
    }
    expect(computed).toBe(1);
    expect(cache.lookup(new Request("http://x/api/public/articles"), "/api/public/articles")).toBeNull();
  });

  it("keeps an answer too big with its plain bytes compressed only, and decompresses it for a request without gzip", async () => {
    const cache = new PublicCache({ budgetBytes: 64 * 1024 });
    const list = Array.from({ length: 2000 }, (_, i) => ({ title: `Article ${i}`, theme: "Gouvernance" }));
    expect(JSON.stringify(list).length).toBeGreaterThan(16 * 1024); // over a quarter of the budget, plain
    let computed = 0;
    const compute = async () => (computed++, json(list));
    const ask = (headers: Record<string, string> = {}) => cache.answer(new Request("http://x/api/public/articles", { headers }), "/api/public/articles", compute)!;
    expect(await (await ask()).json()).toEqual(list);
    const plain = await ask();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.json()).toEqual(list);
    const zipped = await ask({ "accept-encoding": "gzip" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer()))))).toEqual(list);
    expect(computed).toBe(1);
  });
});

