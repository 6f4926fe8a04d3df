import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media } from "../../db/schema";
import { createHarness, type Harness } from "../testing/harness";
import { makeMedia, makeUser } from "../testing/factory";
import { createFront } from "./front";
import { createSession } from "./session";
import { StaticSite } from "./static-site";
import { serveUpload } from "./uploads-serve";
import { MediaFileGate, WorkerMediaGate } from "./uploads/visibility";
import * as sample from "./uploads/samples";

let h: Harness;
let uploadsDir: string;
let gate: MediaFileGate;
const tokens: Record<"uploader" | "other" | "admin", string> = { uploader: "", other: "", admin: "" };

beforeAll(async () => {
  h = await createHarness();
  uploadsDir = h.deps.env.uploadsDir;
  for (const area of ["media", "media_thumbnails", "article_pics"]) mkdirSync(join(uploadsDir, area), { recursive: true });
  const files: Record<string, Uint8Array> = {
    "media/public.wav": sample.wav(2000),
    "media/pending.wav": sample.wav(2000),
    "media/pending.jpg": await sample.picture("jpeg"),
    "media/pending-640.webp": await sample.picture("webp"),
    "media_thumbnails/pending.jpg": await sample.picture("jpeg"),
    "media/offline.mp4": sample.mp4(2000),
    "media/doc.pdf": sample.pdf(2000),
    "media/clip.webm": new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]),
    "article_pics/page.html": new TextEncoder().encode("<script>alert(1)</script>"),
    "article_pics/logo.svg": sample.svg(),
    "article_pics/a.jpg": await sample.picture("jpeg"),
  };
  for (const [rel, bytes] of Object.entries(files)) writeFileSync(join(uploadsDir, rel), bytes);

  const uploader = await makeUser(h.database.db);
  const other = await makeUser(h.database.db);
  const admin = await makeUser(h.database.db, { role: "admin" });
  tokens.uploader = (await createSession(h.database.db, uploader.id)).token;
  tokens.other = (await createSession(h.database.db, other.id)).token;
  tokens.admin = (await createSession(h.database.db, admin.id)).token;
  const rows = [
    { path: "/uploads/media/public.wav", thumbnail: null, approved: true, online: true },
    { path: "/uploads/media/pending.wav", thumbnail: null, approved: false, online: true },
    { path: "/uploads/media/pending.jpg", thumbnail: "pending.jpg", approved: false, online: true },
    { path: "/uploads/media/offline.mp4", thumbnail: null, approved: true, online: false },
    { path: "/uploads/media/doc.pdf", thumbnail: null, approved: true, online: true },
    { path: "/uploads/media/clip.webm", thumbnail: null, approved: true, online: true },
  ];
  for (const r of rows) {
    const m = await makeMedia(h.database.db, { type: "audio", uploadedBy: uploader.id, approved: r.approved, online: r.online });
    await h.database.db.update(media).set({ path: r.path, thumbnail: r.thumbnail }).where(eq(media.id, m.id));
  }
  gate = new MediaFileGate(h.database.db);
  await gate.refresh();
});
afterAll(() => h.close());

const front = () =>
  createFront({
    site: new StaticSite(),
    apps: new StaticSite(),
    uploadsDir,
    uploadGate: gate.gate,
    api: async () => new Response(null, { status: 204 }),
  });

async function get(path: string, opts: { as?: keyof typeof tokens; via?: "cookie" | "bearer"; headers?: Record<string, string>; method?: string } = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.as) {
    if (opts.via === "bearer") headers.authorization = `Bearer ${tokens[opts.as]}`;
    else headers.cookie = `session=${encodeURIComponent(tokens[opts.as])}`;
  }
  return front()(new Request(`http://localhost${path}`, { headers, method: opts.method ?? "GET" }), "127.0.0.1");
}

describe("types of uploaded files", () => {
  it("serves the accepted formats inline with their own type", async () => {
    for (const [path, type] of [
      ["/uploads/media/public.wav", "audio/wav"],
      ["/uploads/media/doc.pdf", "application/pdf"],
      ["/uploads/media/clip.webm", "video/webm"],
      ["/uploads/article_pics/a.jpg", "image/jpeg"],
    ]) {
      const res = await get(path!);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("content-disposition")).toBeNull();
    }
  });

  it("serves HTML, SVG and anything else as an attachment of no particular type", async () => {
    for (const path of ["/uploads/article_pics/page.html", "/uploads/article_pics/logo.svg"]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/octet-stream");
      expect(res.headers.get("content-disposition")).toBe("attachment");
    }
  });

  it("sandboxes every upload and forbids type sniffing", async () => {
    for (const path of ["/uploads/article_pics/page.html", "/uploads/article_pics/a.jpg", "/uploads/media/doc.pdf"]) {
      const res = await get(path);
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
    // Audio and video documents load their own URL as media; still no script may run.
    const wav = await get("/uploads/media/public.wav");
    expect(wav.headers.get("content-security-policy")).toBe("default-src 'none'; media-src 'self'; sandbox allow-same-origin");
  });
});

describe("media files before approval", () => {
  const privateFiles = [
    "/uploads/media/pending.wav",
    "/uploads/media/pending.jpg",
    "/uploads/media/pending-640.webp",
    "/uploads/media_thumbnails/pending.jpg",
    "/uploads/media/offline.mp4",
  ];

  it("are not found by anonymous visitors nor by other members", async () => {
    for (const path of privateFiles) {
      expect((await get(path)).status, path).toBe(404);
      expect((await get(path, { as: "other" })).status, path).toBe(404);
    }
  });

  it("are served to their uploader and to admins (cookie or bearer), never to shared caches", async () => {
    for (const path of privateFiles) {
      for (const as of ["uploader", "admin"] as const) {
        const res = await get(path, { as, via: as === "admin" ? "bearer" : "cookie" });
        expect(res.status, `${path} as ${as}`).toBe(200);
        expect(res.headers.get("cache-control")).toBe("private, no-cache");
      }
    }
  });

  it("become public when approved and online, after the refresh that follows the change", async () => {
    await h.database.db.update(media).set({ approved: true }).where(eq(media.path, "/uploads/media/pending.wav"));
    // Before the refresh, a visitor with a session already sees it (checked in the database)...
    expect((await get("/uploads/media/pending.wav", { as: "other" })).status).toBe(200);
    await gate.refresh();
    const res = await get("/uploads/media/pending.wav");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    await h.database.db.update(media).set({ approved: false }).where(eq(media.path, "/uploads/media/pending.wav"));
    await gate.refresh();
    expect((await get("/uploads/media/pending.wav")).status).toBe(404);
  });

  it("keep byte ranges, ETags and HEAD working for those who may see them", async () => {
    const range = await get("/uploads/media/pending.wav", { as: "uploader", headers: { range: "bytes=0-3" } });
    expect(range.status).toBe(206);
    expect(new TextDecoder().decode(await range.arrayBuffer())).toBe("RIFF");
    const etag = range.headers.get("etag")!;
    expect((await get("/uploads/media/pending.wav", { as: "uploader", headers: { "if-none-match": etag } })).status).toBe(304);
    const head = await get("/uploads/media/pending.wav", { as: "admin", method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("2000");
  });
});

describe("the gate of a static worker", () => {
  it("serves the public set itself, refuses anonymous visitors at once and asks the primary for the others", async () => {
    const asked: string[] = [];
    const worker = new WorkerMediaGate(async (_req, rel) => {
      asked.push(rel);
      return rel === "media/pending.wav" ? "private" : null;
    });
    worker.setFiles(["media/public.wav"]);
    const req = (cookie?: string) => new Request("http://localhost/", { headers: cookie ? { cookie } : {} });
    expect(worker.gate(req(), "media/public.wav")).toBe("public");
    expect(worker.gate(req(), "media/pending.wav")).toBeNull();
    expect(await worker.gate(req("session=abc.def"), "media/pending.wav")).toBe("private");
    expect(asked).toEqual(["media/pending.wav"]);
  });

  it("is closed when no gate is given to the front", async () => {
    const closed = createFront({ site: new StaticSite(), apps: new StaticSite(), uploadsDir, api: async () => new Response(null) });
    expect((await closed(new Request("http://localhost/uploads/media/public.wav"), undefined)).status).toBe(404);
    // Without a gate, serveUpload alone serves everything (the raw file server the front wraps).
    expect(serveUpload(new Request("http://localhost/uploads/media/pending.wav"), uploadsDir, "/uploads/media/pending.wav")).not.toBeNull();
  });
});
