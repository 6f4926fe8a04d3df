import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Elysia } from "elysia";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../env";
import { BadRequestError } from "../lib/errors";
import { readUploadForm } from "../lib/uploads/form";
import { declaresOversizedForm } from "../lib/uploads/limits";
import * as sample from "../lib/uploads/samples";
import { createHarness, type Harness } from "../testing/harness";
import { bodyLimit, uploadRoute, uploadRouteMatcher, type RouteTable } from "./body-limit";
import { errors } from "./errors";

const MB = 1024 * 1024;

/** A body that counts how often it is read from: `declared` bytes claimed, 64 KB handed out per pull. */
function countingBody(totalBytes: number) {
  let pulls = 0;
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      pulls++;
      if (sent >= totalBytes) return c.close();
      const n = Math.min(64 * 1024, totalBytes - sent);
      c.enqueue(new Uint8Array(n).fill(0x20));
      sent += n;
    },
  });
  return { stream, pulls: () => pulls };
}

function post(path: string, body: BodyInit, headers: Record<string, string>): Request {
  return new Request(`http://localhost${path}`, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("body limits in the real app", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it("refuses a 20 MB JSON login by its Content-Length with a French 413, reading none of it", async () => {
    const body = countingBody(20 * MB);
    const res = await h.app.handle(
      post("/api/auth/login", body.stream, { "content-type": "application/json", "content-length": String(20 * MB) }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "Requête trop volumineuse (max 64 Ko)." });
    // A ReadableStream pulls once by itself to fill its queue; nobody asked for more.
    expect(body.pulls()).toBeLessThanOrEqual(1);
  });

  it("stops a chunked JSON body as soon as it passes 64 KB", async () => {
    const body = countingBody(20 * MB);
    const res = await h.app.handle(post("/api/auth/login", body.stream, { "content-type": "application/json" }));
    expect(res.status).toBe(413);
    expect(body.pulls()).toBeLessThan(4);
  });

  it("still hands small chunked JSON bodies to the route", async () => {
    const json = new TextEncoder().encode(JSON.stringify({ nickname: "personne", password: "mauvais-mot-de-passe" }));
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(json.subarray(0, 10));
        c.enqueue(json.subarray(10));
        c.close();
      },
    });
    const res = await h.app.handle(post("/api/auth/login", stream, { "content-type": "application/json" }));
    // Read and judged by the login route (wrong credentials), not refused for its size or as unreadable.
    expect(res.status).toBe(401);
  });
});

describe("upload routes", () => {
  const uploadsDir = join(mkdtempSync(join(tmpdir(), "body-limit-")), "uploads");
  const rule = { field: "file", accept: ["audio"] as const, maxBytes: 2 * MB };
  const makeApp = () => {
    const app = new Elysia()
      .use(errors)
      .use(bodyLimit({ uploadMaxMb: 2 }, uploadRouteMatcher((): RouteTable => app.routes)))
      .use(uploadRoute)
      .post("/media", async ({ request }) => ({ size: (await readUploadForm(request, { uploadsDir, file: rule })).file?.size }), {
        upload: true,
      })
      .put("/media/:id", async ({ request }) => ({ size: (await readUploadForm(request, { uploadsDir, file: rule })).file?.size }), {
        parse: "none",
      })
      .post("/fails-after-reading", async ({ request }) => {
        await readUploadForm(request, { uploadsDir, file: rule });
        throw new BadRequestError("Titre manquant.");
      }, { upload: true })
      .post("/json", ({ body }) => body);
    return app;
  };
  const app = makeApp();

  const upload = (path: string, bytes: Uint8Array<ArrayBuffer>, method = "POST") => {
    const form = new FormData();
    form.append("file", new File([bytes], "a.mp3"));
    return app.handle(new Request(`http://localhost${path}`, { method, body: form }));
  };

  it("lets routes marked `upload: true` or `parse: \"none\"` take bodies past 64 KB", async () => {
    for (const [path, method] of [["/media", "POST"], ["/media/abc", "PUT"]] as const) {
      const res = await upload(path, sample.mp3(1 * MB), method);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ size: 1 * MB });
    }
  });

  it("refuses an upload over UPLOAD_MAX_MB by its Content-Length, in French", async () => {
    const body = countingBody(3 * MB);
    const res = await app.handle(
      post("/media", body.stream, { "content-type": "multipart/form-data; boundary=x", "content-length": String(3 * MB) }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "Fichier trop volumineux (max 2 Mo)." });
    expect(body.pulls()).toBeLessThanOrEqual(1);
  });

  it("keeps other routes of the same app at 64 KB", async () => {
    const res = await app.handle(post("/json", JSON.stringify({ a: "x".repeat(70_000) }), { "content-type": "application/json" }));
    expect(res.status).toBe(413);
  });

  it("removes the temp file a failing handler leaves behind, after the answer", async () => {
    const res = await upload("/fails-after-reading", sample.mp3(100_000));
    expect(res.status).toBe(400);
    // afterResponse runs once the answer is handed over: wait for it rather than for a fixed time.
    const tmp = join(uploadsDir, ".tmp");
    for (let i = 0; i < 100 && existsSync(tmp) && readdirSync(tmp).length > 0; i++) await Bun.sleep(10);
    expect(readdirSync(tmp)).toEqual([]);
  });
});

describe("the static workers' early refusal", () => {
  it("refuses non-multipart bodies declared over 64 KB from their headers, and only those", () => {
    const req = (type: string, length: number) =>
      new Request("http://localhost/api/x", { method: "POST", headers: { "content-type": type, "content-length": String(length) } });
    expect(declaresOversizedForm(req("application/json", 64 * 1024 + 1))).toBe(true);
    expect(declaresOversizedForm(req("text/plain", 10 * MB))).toBe(true);
    expect(declaresOversizedForm(req("application/json", 64 * 1024))).toBe(false);
    expect(declaresOversizedForm(req("multipart/form-data; boundary=x", 10 * MB))).toBe(false);
  });
});

describe("UPLOAD_MAX_MB", () => {
  it("defaults to 200 and must be a whole number of MB", () => {
    expect(readEnv({}).uploadMaxMb).toBe(200);
    expect(readEnv({ UPLOAD_MAX_MB: "50" }).uploadMaxMb).toBe(50);
    expect(() => readEnv({ UPLOAD_MAX_MB: "0" })).toThrow(/UPLOAD_MAX_MB/);
    expect(() => readEnv({ UPLOAD_MAX_MB: "beaucoup" })).toThrow(/UPLOAD_MAX_MB/);
  });
});
