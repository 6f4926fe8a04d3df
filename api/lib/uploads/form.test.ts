import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { HttpError } from "../errors";
import { discardRequestUploads, readUploadForm, sweepTempUploads, type FileRule } from "./form";
import * as sample from "./samples";

let uploadsDir: string;
beforeEach(() => {
  uploadsDir = join(mkdtempSync(join(tmpdir(), "form-test-")), "uploads");
});

const MB = 1024 * 1024;
const media: FileRule = { field: "file", accept: ["audio", "video", "image", "pdf"], maxBytes: 1 * MB, fields: ["title", "tags", "bio"] };
const picture: FileRule = { field: "croppedPic", accept: ["picture"], maxBytes: 5 * MB, required: true };
const audioOnly: FileRule = { field: "file", accept: ["audio"], maxBytes: 1 * MB };

const tempFiles = () => {
  try {
    return readdirSync(join(uploadsDir, ".tmp"));
  } catch {
    return [];
  }
};

function formRequest(form: FormData): Request {
  return new Request("http://x/api/upload", { method: "POST", body: form });
}

/** The same multipart body sent chunked (no Content-Length), in `chunkSize` pieces. */
async function chunkedRequest(form: FormData, chunkSize = 1000): Promise<{ request: Request; pulled: () => number }> {
  const source = new Request("http://x/", { method: "POST", body: form });
  // Read before the body: Bun forgets a FormData body's content type once the body is consumed.
  const contentType = source.headers.get("content-type")!;
  const bytes = new Uint8Array(await source.arrayBuffer());
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
  const request = new Request("http://x/api/upload", {
    method: "POST",
    body,
    headers: { "content-type": contentType },
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => offset };
}

async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof HttpError) return { status: e.status, message: e.message };
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("readUploadForm", () => {
  it("collects text fields (repeated ones as arrays) and writes the file under .tmp with its detected format", async () => {
    const form = new FormData();
    form.append("title", "Chant de Gorée");
    form.append("tags", "a");
    form.append("tags", "b");
    form.append("file", new File([sample.mp4(300_000)], "../../../etc/passwd\u0000\r\n.exe", { type: "text/html" }));
    const { request } = await chunkedRequest(form, 777);
    const { fields, file } = await readUploadForm(request, { uploadsDir, file: media });
    expect(fields).toEqual({ title: ["Chant de Gorée"], tags: ["a", "b"] });
    expect(file).toMatchObject({ size: 300_000, ext: "mp4", mime: "video/mp4", kind: "video" });
    // The name is generated: nothing of the client's name (traversal, control characters, .exe) survives.
    expect(file!.path.startsWith(join(uploadsDir, ".tmp") + "/")).toBe(true);
    expect(file!.path).toMatch(/\/[0-9a-f]{24}\.part$/);
    expect(new Uint8Array(readFileSync(file!.path))).toEqual(sample.mp4(300_000));
    await file!.discard();
    expect(tempFiles()).toEqual([]);
  });

  it("refuses a PNG named .mp3 with 415 and the accepted formats in French, writing nothing", async () => {
    const form = new FormData();
    form.append("file", new File([await sample.picture("png")], "chanson.mp3", { type: "audio/mpeg" }));
    expect(await refusal(readUploadForm(formRequest(form), { uploadsDir, file: audioOnly }))).toEqual({
      status: 415,
      message: "Format de fichier non supporté (MP3, WAV, OGG).",
    });
    expect(tempFiles()).toEqual([]);
  });

  it("refuses HTML, SVG and formats outside the spec for media", async () => {
    for (const bytes of [sample.html(), sample.svg(), new TextEncoder().encode("just text")]) {
      const form = new FormData();
      form.append("file", new File([bytes], "x.jpg"));
      const r = await refusal(readUploadForm(formRequest(form), { uploadsDir, file: media }));
      expect(r).toEqual({ status: 415, message: "Format de fichier non supporté (MP3, WAV, OGG, MP4, AVI, MKV, WebM, JPG, PNG, GIF, WebP, PDF)." });
    }
    expect(tempFiles()).toEqual([]);
  });

  it("takes JPEG, PNG and WebP as pictures and refuses GIF with the spec's picture message", async () => {
    for (const [format, ext] of [["jpeg", "jpg"], ["png", "png"], ["webp", "webp"]] as const) {
      const form = new FormData();
      form.append("croppedPic", new File([await sample.picture(format)], "blob"));
      const { file } = await readUploadForm(formRequest(form), { uploadsDir, file: picture });
      expect(file).toMatchObject({ ext, kind: "picture" });
      await file!.discard();
    }
    const form = new FormData();
    form.append("croppedPic", new File([await sample.picture("gif")], "x.png", { type: "image/png" }));
    expect(await refusal(readUploadForm(formRequest(form), { uploadsDir, file: picture }))).toEqual({
      status: 415,
      message: "Format d'image non supporté (JPG, PNG, WEBP uniquement)",
    });
    expect(tempFiles()).toEqual([]);
  });

  it("answers 413 from Content-Length alone, before reading any of the body", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request("http://x/", {
      method: "POST",
      body,
      headers: { "content-type": "multipart/form-data; boundary=abc", "content-length": String(6 * MB) },
      duplex: "half",
    } as RequestInit);
    expect(await refusal(readUploadForm(request, { uploadsDir, file: picture }))).toEqual({
      status: 413,
      message: "Image trop volumineuse (max 5MB)",
    });
    // A ReadableStream pulls once to fill its queue when created; nothing more was asked for.
    expect(pulled).toBeLessThanOrEqual(1);
    expect(tempFiles()).toEqual([]);
  });

  it("stops a chunked body as soon as the file passes the limit and removes the temp file", async () => {
    const form = new FormData();
    form.append("file", new File([sample.mp4(3 * MB)], "big.mp4"));
    const { request, pulled } = await chunkedRequest(form, 64 * 1024);
    expect(await refusal(readUploadForm(request, { uploadsDir, file: media }))).toEqual({
      status: 413,
      message: "Fichier trop volumineux (max 1 Mo).",
    });
    expect(pulled()).toBeLessThan(1.3 * MB);
    expect(tempFiles()).toEqual([]);
  });

  it("refuses an empty file, requires a required file, and treats an empty file input as no file", async () => {
    const zero = new FormData();
    zero.append("file", new File([], "vide.mp3"));
    expect(await refusal(readUploadForm(formRequest(zero), { uploadsDir, file: media }))).toEqual({ status: 400, message: "Le fichier est vide." });

    const emptyInput = new FormData();
    emptyInput.append("title", "t");
    emptyInput.append("file", new File([], ""));
    const { request } = await chunkedRequest(emptyInput);
    expect((await readUploadForm(request, { uploadsDir, file: media })).file).toBeNull();

    const none = new FormData();
    none.append("title", "t");
    expect(await refusal(readUploadForm(formRequest(none), { uploadsDir, file: { ...picture, fields: ["title"] } }))).toEqual({
      status: 400,
      message: "Un fichier est obligatoire",
    });
    expect(tempFiles()).toEqual([]);
  });

  it("caps text fields at 64 KB in all", async () => {
    const form = new FormData();
    for (let i = 0; i < 5; i++) form.append("bio", "é".repeat(7000));
    const { request } = await chunkedRequest(form);
    expect(await refusal(readUploadForm(request, { uploadsDir, file: media }))).toEqual({
      status: 413,
      message: "Formulaire trop volumineux (max 64 Ko).",
    });
  });

  it("refuses a file sent under another field name, a text field the route does not list, and a second file", async () => {
    const other = new FormData();
    other.append("avatar", new File([sample.mp3()], "a.mp3"));
    expect(await refusal(readUploadForm(formRequest(other), { uploadsDir, file: media }))).toEqual({
      status: 400,
      message: "Fichier inattendu\u00a0: «\u00a0avatar\u00a0».",
    });
    expect(tempFiles()).toEqual([]);

    const unknown = new FormData();
    unknown.append("role", "admin");
    unknown.append("croppedPic", new File([await sample.picture("png")], "a.png"));
    expect(await refusal(readUploadForm(formRequest(unknown), { uploadsDir, file: picture }))).toEqual({
      status: 400,
      message: "Champ inconnu\u00a0: «\u00a0role\u00a0».",
    });
    expect(tempFiles()).toEqual([]);

    const two = new FormData();
    two.append("file", new File([sample.mp3()], "a.mp3"));
    two.append("file", new File([sample.wav()], "b.wav"));
    expect(await refusal(readUploadForm(formRequest(two), { uploadsDir, file: media }))).toMatchObject({ status: 400 });
    expect(tempFiles()).toEqual([]);
  });

  it("refuses a truncated or malformed body with 400 and cleans up", async () => {
    const form = new FormData();
    form.append("file", new File([sample.pdf(50_000)], "doc.pdf"));
    const source = new Request("http://x/", { method: "POST", body: form });
    const contentType = source.headers.get("content-type")!;
    const bytes = new Uint8Array(await source.arrayBuffer());
    const truncated = new Request("http://x/", {
      method: "POST",
      body: bytes.slice(0, 30_000),
      headers: { "content-type": contentType },
    });
    expect(await refusal(readUploadForm(truncated, { uploadsDir, file: media }))).toEqual({ status: 400, message: "Formulaire illisible." });
    expect(tempFiles()).toEqual([]);
  });

  it("reads JSON and urlencoded bodies as fields without a file", async () => {
    const json = new Request("http://x/", {
      method: "PUT",
      body: JSON.stringify({ firstname: "Awa", groups: ["bureau", "cercleAx"], socialLinks: { x: "https://x.example" }, n: 3 }),
      headers: { "content-type": "application/json" },
    });
    const profile = { ...media, fields: ["firstname", "groups", "socialLinks", "n"] };
    expect(await readUploadForm(json, { uploadsDir, file: profile })).toEqual({
      fields: { firstname: ["Awa"], groups: ["bureau", "cercleAx"], socialLinks: ['{"x":"https://x.example"}'], n: ["3"] },
      file: null,
    });
    const urlencoded = new Request("http://x/", { method: "POST", body: new URLSearchParams("a=1&a=2&b=%C3%A9") });
    expect((await readUploadForm(urlencoded, { uploadsDir })).fields).toEqual({ a: ["1", "2"], b: ["é"] });
    const text = new Request("http://x/", { method: "POST", body: "x", headers: { "content-type": "text/plain" } });
    expect(await refusal(readUploadForm(text, { uploadsDir }))).toMatchObject({ status: 415 });
  });

  it("discards what a request left behind, and sweeps old temp files", async () => {
    const form = new FormData();
    form.append("file", new File([sample.wav()], "a.wav"));
    const request = formRequest(form);
    await readUploadForm(request, { uploadsDir, file: media });
    expect(tempFiles()).toHaveLength(1);
    await discardRequestUploads(request);
    expect(tempFiles()).toEqual([]);

    const again = formRequest(form);
    await readUploadForm(again, { uploadsDir, file: media });
    expect(await sweepTempUploads(uploadsDir, 60_000)).toBe(0);
    expect(await sweepTempUploads(uploadsDir, -1)).toBe(1);
    expect(tempFiles()).toEqual([]);
  });
});
