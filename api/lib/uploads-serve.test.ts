import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, media, users } from "../../db/schema";
import { createHarness, type Harness } from "../testing/harness";
import { makeArticle, makeMedia, makeUser } from "../testing/factory";
import { createFront } from "./front";
import { createSession } from "./session";
import { StaticSite } from "./static-site";
import { serveUpload } from "./uploads-serve";
import { MediaFileGate, WorkerMediaGate } from "./uploads/visibility";
import * as sample from "./uploads/samples";

let h: Harness;
let uploadsDir: string;
let gate: MediaFileGate;
const tokens: Record<"uploader" | "coauthor" | "other" | "admin", string> = { uploader: "", coauthor: "", other: "", admin: "" };
let pendingArticleId = "";

beforeAll(async () => {
  h = await createHarness();
  uploadsDir = h.deps.env.uploadsDir;
  for (const area of ["media", "media_thumbnails", "article_pics", "profile_pics"]) mkdirSync(join(uploadsDir, area), { recursive: true });
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
    // An article waiting for review: its crop (with a variant) and its original.
    "article_pics/pending-crop.jpg": await sample.picture("jpeg"),
    "article_pics/pending-crop-400.webp": await sample.picture("webp"),
    "article_pics/pending-original.jpg": await sample.picture("jpeg"),
    // A published article: its crop is public, its original is not.
    "article_pics/live-crop.jpg": await sample.picture("jpeg"),
    "article_pics/live-crop-800.avif": await sample.picture("webp"),
    "article_pics/live-original.jpg": await sample.picture("jpeg"),
    // Approved but taken offline.
    "article_pics/offline-crop.jpg": await sample.picture("jpeg"),
    // A file no row points at.
    "article_pics/orphan.jpg": await sample.picture("jpeg"),
    // The uploader's profile picture (public) and its uncropped original (never public).
    "profile_pics/face.jpg": await sample.picture("jpeg"),
    "profile_pics/face-96.webp": await sample.picture("webp"),
    "profile_pics/face-original.jpg": await sample.picture("jpeg"),
    "profile_pics/face-original-192.webp": await sample.picture("webp"),
  };
  for (const [rel, bytes] of Object.entries(files)) writeFileSync(join(uploadsDir, rel), bytes);

  const uploader = await makeUser(h.database.db);
  const coauthor = await makeUser(h.database.db);
  const other = await makeUser(h.database.db);
  const admin = await makeUser(h.database.db, { role: "admin" });
  tokens.uploader = (await createSession(h.database.db, uploader.id)).token;
  tokens.coauthor = (await createSession(h.database.db, coauthor.id)).token;
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
  const db = h.database.db;
  await db.update(users).set({ profilePic: "face.jpg", profilePicOriginal: "face-original.jpg" }).where(eq(users.id, uploader.id));
  const pictures = [
    { approved: false, online: true, articlePic: "pending-crop.jpg", articlePicOriginal: "pending-original.jpg" },
    { approved: true, online: true, articlePic: "live-crop.jpg", articlePicOriginal: "live-original.jpg" },
    { approved: true, online: false, articlePic: "offline-crop.jpg", articlePicOriginal: null },
    // Published articles whose pictures test the served types.
    { approved: true, online: true, articlePic: "a.jpg", articlePicOriginal: null },
    { approved: true, online: true, articlePic: "logo.svg", articlePicOriginal: null },
    { approved: true, online: true, articlePic: "page.html", articlePicOriginal: null },
  ];
  for (const p of pictures) {
    const a = await makeArticle(db, { approved: p.approved, online: p.online, authors: [uploader.id, coauthor.id] });
    await db.update(articles).set({ articlePic: p.articlePic, articlePicOriginal: p.articlePicOriginal }).where(eq(articles.id, a.id));
    if (p.articlePic === "pending-crop.jpg") pendingArticleId = a.id;
  }
  gate = new MediaFileGate(db);
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
        expect(res.headers.get("cache-control")).toBe("private, no-store");
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

describe("pictures of articles and members", () => {
  const pendingArticle = ["/uploads/article_pics/pending-crop.jpg", "/uploads/article_pics/pending-crop-400.webp", "/uploads/article_pics/pending-original.jpg"];
  const originals = ["/uploads/article_pics/live-original.jpg", "/uploads/profile_pics/face-original.jpg", "/uploads/profile_pics/face-original-192.webp"];
  const published = ["/uploads/article_pics/live-crop.jpg", "/uploads/article_pics/live-crop-800.avif", "/uploads/profile_pics/face.jpg", "/uploads/profile_pics/face-96.webp"];

  it("hides a pending article's crop and original, an offline article's crop and every original from visitors and other members", async () => {
    for (const path of [...pendingArticle, "/uploads/article_pics/offline-crop.jpg", ...originals, "/uploads/article_pics/orphan.jpg"]) {
      expect((await get(path)).status, path).toBe(404);
      expect((await get(path, { as: "other" })).status, path).toBe(404);
      expect((await get(path, { as: "other", via: "bearer" })).status, path).toBe(404);
    }
  });

  it("answers a refusal exactly as a missing file, so a private file's existence is not revealed", async () => {
    const refused = await get("/uploads/article_pics/pending-crop.jpg");
    const missing = await get("/uploads/article_pics/never-written.jpg");
    expect(refused.status).toBe(missing.status);
    expect(await refused.text()).toBe(await missing.text());
    expect(Object.fromEntries(refused.headers)).toEqual(Object.fromEntries(missing.headers));
  });

  it("serves a pending article's pictures to each of its authors and to admins, never to shared caches", async () => {
    for (const path of [...pendingArticle, "/uploads/article_pics/offline-crop.jpg", "/uploads/article_pics/live-original.jpg"]) {
      for (const [as, via] of [["uploader", "cookie"], ["coauthor", "bearer"], ["admin", "cookie"], ["admin", "bearer"]] as const) {
        const res = await get(path, { as, via });
        expect(res.status, `${path} as ${as}`).toBe(200);
        expect(res.headers.get("cache-control")).toBe("private, no-store");
      }
    }
  });

  it("serves a profile picture's uncropped original only to its owner and to admins", async () => {
    for (const path of ["/uploads/profile_pics/face-original.jpg", "/uploads/profile_pics/face-original-192.webp"]) {
      expect((await get(path, { as: "uploader" })).status, path).toBe(200);
      expect((await get(path, { as: "admin", via: "bearer" })).headers.get("cache-control")).toBe("private, no-store");
      // A co-author of the member's articles is no owner of their picture.
      expect((await get(path, { as: "coauthor" })).status, path).toBe(404);
    }
  });

  it("serves a published article's crop and every member's profile picture to anyone, cacheable", async () => {
    for (const path of published) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    }
  });

  it("publishes an article's crop, not its original, once it is approved and online, and hides it again when it is not", async () => {
    await h.database.db.update(articles).set({ approved: true }).where(eq(articles.id, pendingArticleId));
    await gate.refresh();
    expect((await get("/uploads/article_pics/pending-crop.jpg")).status).toBe(200);
    expect((await get("/uploads/article_pics/pending-crop-400.webp")).status).toBe(200);
    expect((await get("/uploads/article_pics/pending-original.jpg")).status).toBe(404);
    await h.database.db.update(articles).set({ online: false }).where(eq(articles.id, pendingArticleId));
    await gate.refresh();
    expect((await get("/uploads/article_pics/pending-crop.jpg")).status).toBe(404);
    await h.database.db.update(articles).set({ approved: false, online: true }).where(eq(articles.id, pendingArticleId));
    await gate.refresh();
  });

  it("gives a static worker the same answers: the public set it is sent, the primary's check for the rest", async () => {
    const asked: string[] = [];
    const worker = new WorkerMediaGate(async (request, rel) => {
      asked.push(rel);
      // What the primary's loopback route answers (api/server.ts): its own gate, with the visitor's credentials.
      return gate.gate(request, rel);
    });
    worker.setFiles(await gate.refresh());
    const viaWorker = (path: string, as?: keyof typeof tokens) =>
      createFront({ site: new StaticSite(), apps: new StaticSite(), uploadsDir, uploadGate: worker.gate, api: async () => new Response(null) })(
        new Request(`http://localhost${path}`, { headers: as ? { cookie: `session=${encodeURIComponent(tokens[as])}` } : {} }),
        "127.0.0.1",
      );
    for (const path of published) expect((await viaWorker(path)).status, path).toBe(200);
    expect(asked, "the public set is served without asking the primary").toEqual([]);
    for (const path of [...pendingArticle, ...originals]) expect((await viaWorker(path)).status, path).toBe(404);
    expect(asked, "anonymous visitors are refused without asking the primary").toEqual([]);
    for (const path of pendingArticle) {
      expect((await viaWorker(path, "coauthor")).status, path).toBe(200);
      expect((await viaWorker(path, "other")).status, path).toBe(404);
    }
    expect((await viaWorker("/uploads/profile_pics/face-original.jpg", "uploader")).status).toBe(200);
    expect((await viaWorker("/uploads/profile_pics/face-original.jpg", "coauthor")).status).toBe(404);
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
