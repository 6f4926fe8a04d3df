/**
 * Upload fuzz through the real upload routes (member media, profile picture crop, article picture crop): lies
 * about the format, polyglots, sizes, names and decompression bombs. Each is refused with a French message and
 * leaves nothing under UPLOADS_DIR (temp folder included), or, for a polyglot that is a valid picture, is
 * re-encoded so that the stored files no longer carry the payload. form.test.ts and store.test.ts cover the
 * reader and the store on their own; this file checks the routes end to end.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, media, users } from "../../../db/schema";
import { makeArticle, makeTheme, makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { startServer, type RealServer } from "../../testing/real-server";
import { freePort } from "../../testing/redis-server";
import { createSession } from "../session";
import { serveUpload } from "../uploads-serve";
import * as hostile from "./fuzz-samples";
import { picture, type Bytes } from "./samples";

const MB = 1024 * 1024;

/** Every French refusal an upload may end with. */
const FRENCH_REFUSALS = [
  /^Format d'image non supporté \(JPG, PNG, WEBP uniquement\)$/,
  /^Format de fichier non supporté \(.+\)\.$/,
  /^Image illisible\.$/,
  /^Image trop grande \(dimensions en pixels\)\.$/,
  /^Le fichier est vide\.$/,
  /^Image trop volumineuse \(max 5MB\)$/,
  /^Fichier trop volumineux \(max \d+ Mo\)\.$/,
  /^Formulaire illisible\.$/,
  // A name trick that moves the file to another field: the route then has no file.
  /^Un fichier est obligatoire$/,
  // Or to a field the route does not take (every request refuses unknown fields).
  /^Fichier inattendu\u00a0: «\u00a0.+\u00a0»\.$/,
  /^Champ inconnu\u00a0: «\u00a0.+\u00a0»\.$/,
];

type Target = {
  label: string;
  path: () => string;
  field: string;
  /** Text fields sent before the file (the media form's; `type` is the media type claimed). */
  fields: (type?: string) => Record<string, string>;
  /** Takes JPEG, PNG and WebP only (the picture routes). */
  picturesOnly: boolean;
};

/** A multipart body built byte by byte, so that a file name can hold what FormData would escape. */
function multipart(fields: Record<string, string>, file: { field: string; filename: string; type: string; bytes: Uint8Array }) {
  const boundary = `----fuzz${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`, "utf8"));
  }
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`, "utf8"),
    Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`, "utf8"),
  );
  return { body: new Uint8Array(Buffer.concat(parts)), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every file under `dir` (dot folders included), as paths relative to it. */
function walk(dir: string, root = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path, root) : [relative(root, path)];
    })
    .sort();
}

/**
 * Where the uploads are sent: the app in this process, or a worker's own door on a real server with one worker
 * (issue 34), which forwards every upload to the primary over the loopback hop, streamed.
 */
const DOORS = ["the app in process", "a worker's door"] as const;

describe.each(DOORS)("upload fuzz through the real upload routes, via %s", (door) => {
  let h: Harness;
  let server: RealServer | null = null;
  let origin = "http://localhost";
  const serverDir = mkdtempSync(join(tmpdir(), "fuzz-server-"));
  let uploadsDir: string;
  let member: { id: string; auth: Record<string, string> };
  let articleId: string;
  let targets: Target[];

  beforeAll(async () => {
    // Media files up to 6 MB, so the media limit can be crossed with a small body and pictures keep their 5 MB.
    // Hundreds of uploads by one member: the hourly rate (api/plugins/upload-rate.ts) is not what is tested here.
    h = await createHarness({ UPLOAD_MAX_MB: "6", UPLOADS_PER_HOUR: "100000" });
    uploadsDir = h.deps.env.uploadsDir;
    const db = h.database.db;
    const user = await makeUser(db, { nickname: "fuzz-membre" });
    const { token } = await createSession(db, user.id);
    member = { id: user.id, auth: { authorization: `Bearer ${token}` } };
    const theme = await makeTheme(db);
    articleId = (await makeArticle(db, { authors: [user.id], themes: [theme.id], approved: false, online: false })).id;
    targets = [
      {
        label: "POST /api/user/media",
        path: () => "/api/user/media",
        field: "file",
        fields: (type = "image") => ({ title: `Fichier ${Math.random()}`, type, description: "Essai de fichier." }),
        picturesOnly: false,
      },
      { label: "POST /api/user/profile-pic-crop", path: () => "/api/user/profile-pic-crop", field: "croppedPic", fields: () => ({}), picturesOnly: true },
      {
        label: "POST /api/user/articles/:id/article-pic-crop",
        path: () => `/api/user/articles/${articleId}/article-pic-crop`,
        field: "croppedPic",
        fields: () => ({}),
        picturesOnly: true,
      },
    ];
    if (door === "a worker's door") {
      const port = await freePort();
      // The same database and uploads folder as the harness; the site folder apart (the test walks h.dir).
      server = await startServer(serverDir, {
        DATABASE_URL: `file:${join(h.dir, "test.db")}`,
        UPLOADS_DIR: uploadsDir,
        UPLOAD_MAX_MB: "6",
        UPLOADS_PER_HOUR: "100000",
        WEB_WORKERS: "1",
        TEST_WORKER_PORT: String(port),
      });
      origin = `http://127.0.0.1:${port}`;
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    h.close();
    rmSync(serverDir, { recursive: true, force: true });
  });
  const send = (request: Request) => (server ? fetch(request) : h.app.handle(request));

  async function upload(
    target: Target,
    bytes: Uint8Array,
    o: { filename?: string; type?: string; mediaType?: string; chunked?: boolean } = {},
  ): Promise<{ status: number; json: any }> {
    const { body, contentType } = multipart(target.fields(o.mediaType), {
      field: target.field,
      filename: o.filename ?? "photo.png",
      type: o.type ?? "image/png",
      bytes,
    });
    const headers = { ...member.auth, "content-type": contentType };
    const init: RequestInit & { duplex?: "half" } = { method: "POST", headers };
    if (o.chunked) {
      // No Content-Length: the limit must hold while the body streams in.
      let at = 0;
      init.body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= body.length) return controller.close();
          controller.enqueue(body.subarray(at, at + 64 * 1024));
          at += 64 * 1024;
        },
      });
      init.duplex = "half";
    } else init.body = body;
    const res = await send(new Request(`${origin}${target.path()}`, init));
    const text = await res.text();
    let json: any = text;
    try {
      json = JSON.parse(text);
    } catch {
      // keep the text: a refusal that is not our JSON shape fails below
    }
    return { status: res.status, json };
  }

  /** What refusals must leave unchanged: the files under UPLOADS_DIR and the rows that point at uploads. */
  async function state() {
    // Temp files of a refused request go once the answer is handed over: wait for that, not for a fixed time.
    for (let i = 0; i < 200 && walk(join(uploadsDir, ".tmp")).length > 0; i++) await Bun.sleep(10);
    const db = h.database.db;
    const [mediaRows] = await db.select({ n: count() }).from(media).where(eq(media.uploadedBy, member.id));
    const [user] = await db.select({ pic: users.profilePic }).from(users).where(eq(users.id, member.id));
    const [article] = await db.select({ pic: articles.articlePic }).from(articles).where(eq(articles.id, articleId));
    return { files: walk(uploadsDir), media: mediaRows?.n, profilePic: user?.pic, articlePic: article?.pic };
  }

  /** Sends a file that must be refused with `statuses` and a French message, and checks that nothing stayed. */
  async function expectRefused(target: Target, what: string, bytes: Uint8Array, statuses: number[], o: Parameters<typeof upload>[2] = {}) {
    const before = await state();
    const res = await upload(target, bytes, o);
    const where = `${what} via ${target.label}`;
    expect(statuses, `${where}: status ${res.status} ${JSON.stringify(res.json)}`).toContain(res.status);
    expect(
      FRENCH_REFUSALS.some((re) => re.test(res.json?.message ?? "")),
      `${where}: "${res.json?.message}" is not one of our French refusals`,
    ).toBe(true);
    expect(await state(), `${where}: something was written`).toEqual(before);
    return res.json.message as string;
  }

  /** Every stored file, with its bytes. */
  const storedFiles = () => walk(uploadsDir).map((rel) => ({ rel, bytes: readFileSync(join(uploadsDir, rel)) }));

  it("refuses content that is not an accepted format whatever its name and declared type, in French, writing nothing", async () => {
    for (const target of targets) {
      for (const [what, bytes] of Object.entries(hostile.WRONG_MAGIC)) {
        // A picture name and type on the outside; what the first bytes say decides (400 when they lie and sharp
        // cannot decode the rest).
        await expectRefused(target, what, bytes, [400, 415], { filename: "photo.jpg", type: "image/jpeg" });
      }
      // A real picture in a format the route does not take.
      if (target.picturesOnly) {
        const gif = await picture("gif");
        expect(await expectRefused(target, "GIF", gif, [415], { filename: "photo.gif", type: "image/gif" })).toBe(
          "Format d'image non supporté (JPG, PNG, WEBP uniquement)",
        );
      } else {
        // A PNG announced as audio by the media form.
        await expectRefused(target, "PNG claimed as audio", await picture("png"), [415], { mediaType: "audio" });
      }
    }
  });

  it("refuses an empty file with 400 in French", async () => {
    for (const target of targets) {
      expect(await expectRefused(target, "zero bytes", new Uint8Array(0), [400], { filename: "vide.png" })).toBe("Le fichier est vide.");
    }
  });

  it("refuses a file over the route's limit with 413 in French, with and without Content-Length", async () => {
    const head = await picture("jpeg", 64, 48);
    const over = (limit: number) => {
      const b = new Uint8Array(limit + 1);
      b.set(head);
      return b;
    };
    for (const target of targets) {
      const bytes = over(target.picturesOnly ? 5 * MB : 6 * MB);
      const expected = target.picturesOnly ? "Image trop volumineuse (max 5MB)" : "Fichier trop volumineux (max 6 Mo).";
      for (const chunked of [false, true]) {
        expect(await expectRefused(target, `one byte over (chunked: ${chunked})`, bytes, [413], { filename: "grande.jpg", type: "image/jpeg", chunked })).toBe(expected);
      }
    }
  });

  it("refuses decompression bombs in French before decoding them, writing nothing", async () => {
    const bombs: [string, Bytes][] = [
      ["PNG header claiming 50,000 x 50,000", hostile.pngHeaderBomb()],
      ["valid 60-megapixel one-bit PNG", hostile.pngRealBomb()],
      ["JPEG header claiming 65,000 x 65,000", await hostile.jpegHeaderBomb()],
      // Refused as unreadable today (the canvas does not match its frame); over the limit otherwise.
      ["WebP canvas of 16,384 x 16,384 around a small frame", await hostile.webpHeaderBomb()],
    ];
    for (const target of targets) {
      for (const [what, bytes] of bombs) {
        const message = await expectRefused(target, what, bytes, [400]);
        if (what.startsWith("PNG")) expect(message, `${what} via ${target.label}`).toBe("Image trop grande (dimensions en pixels).");
      }
    }
    // GIF is an accepted image format for media only (the picture routes refuse it by format, 415, tested above).
    await expectRefused(targets[0]!, "GIF of 65,535 x 65,535", hostile.gifBomb(), [400], { filename: "anim.gif", type: "image/gif" });
  });

  it("re-encodes polyglots that are valid pictures: no stored file keeps the script or the archive", async () => {
    const polyglots: [string, Bytes, string][] = [
      ["JPEG with a zip appended", await hostile.jpegWithZip(), "image/jpeg"],
      ["JPEG with a script in a comment segment", await hostile.jpegWithComment(), "image/jpeg"],
      ["PNG with a script in a text chunk", await hostile.pngWithText(), "image/png"],
    ];
    for (const target of targets) {
      for (const [what, bytes, type] of polyglots) {
        const res = await upload(target, bytes, { type });
        expect(res.status, `${what} via ${target.label}: ${JSON.stringify(res.json)}`).toBe(200);
      }
    }
    // GIFs are media only: a decodable GIF with the script in a comment is re-encoded; the classic GIF/JS
    // polyglot is either refused as unreadable or re-encoded too.
    const gif = await upload(targets[0]!, await hostile.gifWithComment(), { filename: "anim.gif", type: "image/gif" });
    expect(gif.status, JSON.stringify(gif.json)).toBe(200);
    const classic = await upload(targets[0]!, hostile.gifJsPolyglot(), { filename: "x.gif", type: "image/gif" });
    if (classic.status !== 200) {
      expect(classic.status).toBe(400);
      expect(classic.json.message).toBe("Image illisible.");
    }
    for (const target of targets.slice(1)) {
      await expectRefused(target, "GIF/JS polyglot", hostile.gifJsPolyglot(), [415], { filename: "x.gif", type: "image/gif" });
    }

    const carriers = storedFiles().filter(({ bytes }) => bytes.includes("alert(") || bytes.includes("<script") || bytes.includes("payload.html"));
    expect(carriers.map((f) => f.rel)).toEqual([]);
    expect(walk(join(uploadsDir, ".tmp"))).toEqual([]);
  });

  it("keeps a PDF that is also an HTML page as a PDF only: served as application/pdf, sandboxed, never sniffed", async () => {
    const res = await upload(targets[0]!, hostile.pdfWithHtml(), { filename: "page.html", type: "text/html", mediaType: "pdf" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.path).toMatch(/^\/uploads\/media\/[0-9a-f]{24}\.pdf$/);
    const served = serveUpload(new Request(`http://localhost${res.json.path}`), uploadsDir, res.json.path)!;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toMatch(/\bsandbox\b/);
    expect(served.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    for (const target of targets.slice(1)) {
      await expectRefused(target, "PDF with HTML", hostile.pdfWithHtml(), [415], { filename: "photo.png" });
    }
  });

  it("never lets the client's file name reach the disk: traversal, control characters and header tricks", async () => {
    const marker = `evil-${Date.now().toString(36)}`;
    const names = [
      `../../../../../../tmp/${marker}.png`,
      `..\\..\\..\\${marker}.png`,
      `/etc/${marker}.png`,
      `%2e%2e%2f%2e%2e%2f${marker}.png`,
      `....//....//${marker}.png`,
      `${marker}\u0000.png.html`,
      `${marker}\u0007\u001b[31m.png`,
      `${marker}.png;.html`,
      `photo\u202Egnp.html`,
      `.htaccess`,
      "CON",
      "a".repeat(2000) + ".png",
      `${marker}.png"; name="admin`,
      `${marker}.png\r\nContent-Type: text/html\r\n\r\n<script>alert(1)</script>`,
    ];
    const png = await picture("png", 64, 48);
    const outside = () => walk(h.dir).filter((rel) => !rel.startsWith("uploads/") && !rel.startsWith("test.db"));
    const outsideBefore = outside();
    for (const target of targets) {
      for (const filename of names) {
        const res = await upload(target, png, { filename });
        const where = `${JSON.stringify(filename.slice(0, 60))} via ${target.label}`;
        // Accepted under a generated name, or (a name that breaks the part's headers, so the part's content
        // starts with the injected text) refused like any other unreadable form or content.
        if (res.status !== 200) {
          expect([400, 415], `${where}: ${JSON.stringify(res.json)}`).toContain(res.status);
          expect(FRENCH_REFUSALS.some((re) => re.test(res.json?.message ?? "")), where).toBe(true);
        }
      }
    }
    // Every stored file has a name we generated: 24 hex digits, an optional variant width, a known extension.
    const odd = walk(uploadsDir).filter((rel) => !/^(media|media_thumbnails|profile_pics|article_pics)\/[0-9a-f]{24}(-\d+)?\.(jpg|png|gif|webp|avif|pdf)$/.test(rel));
    expect(odd).toEqual([]);
    expect(outside()).toEqual(outsideBefore);
    expect(existsSync(`/tmp/${marker}.png`)).toBe(false);
    expect(existsSync(`/etc/${marker}.png`)).toBe(false);
    expect(walk(join(uploadsDir, ".tmp"))).toEqual([]);
  });
});
