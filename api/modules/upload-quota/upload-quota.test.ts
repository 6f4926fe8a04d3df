import { readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media } from "../../../db/schema";
import { memoryAccountLimits } from "../../lib/account-limits";
import * as sample from "../../lib/uploads/samples";
import { makeArticle, makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { formData, person, send, type Person } from "../articles/test-kit";

const KB = 1024;
const QUOTA_MESSAGE = /^Quota de fichiers en attente atteint \([\d,]+\u00a0Mo sur 1\u00a0Mo\)\. Attendez la validation de vos envois ou supprimez-en définitivement depuis la corbeille\.$/;

/** Files left in an uploads folder (the temp folder included). */
const files = (h: Harness, folder: string) => {
  try {
    return readdirSync(join(h.deps.env.uploadsDir, folder));
  } catch {
    return [];
  }
};

const audio = (title: string, bytes: number) =>
  formData({ title, type: "audio", description: "Un enregistrement.", file: new File([sample.mp3(bytes)], "son.mp3") });

/** A multipart form as bytes, sent with its Content-Length or chunked (no length), counting what the server pulled. */
async function rawUpload(h: Harness, path: string, form: FormData, auth: Record<string, string>, chunked: boolean) {
  const source = new Request("http://x/", { method: "POST", body: form });
  const contentType = source.headers.get("content-type")!;
  const bytes = new Uint8Array(await source.arrayBuffer());
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(pulled, pulled + 64 * KB));
      pulled += 64 * KB;
    },
  });
  const headers: Record<string, string> = { ...auth, "content-type": contentType };
  if (!chunked) headers["content-length"] = String(bytes.length);
  const res = await h.app.handle(new Request(`http://localhost${path}`, { method: "POST", body, headers, duplex: "half" } as RequestInit));
  return { status: res.status, json: await res.json(), pulled, total: bytes.length };
}

/** Issue 18 §3: a member cannot fill the disk with files nobody approved, nor upload without pause. */
describe("pending upload quota", () => {
  let h: Harness;
  let admin: Person;
  const rows = async (who: Person) => h.database.db.select().from(media).where(eq(media.uploadedBy, who.id));

  beforeAll(async () => {
    // A 1 MB quota under a 2 MB file limit: the quota, not the size limit, is what refuses below.
    h = await createHarness({ UPLOAD_PENDING_QUOTA_MB: "1", UPLOAD_MAX_MB: "2" });
    admin = await person(h, "chef", "admin");
  });
  afterAll(() => h.close());

  it("refuses the media that would take a member past the quota with a French 413, leaving no file and no row", async () => {
    const awa = await person(h, "awa");
    const first = await send(h, "POST", "/api/user/media", audio("Premier chant", 600 * KB), awa.auth);
    expect(first.status).toBe(200);
    const stored = files(h, "media").length;

    const second = await send(h, "POST", "/api/user/media", audio("Second chant", 600 * KB), awa.auth);
    expect(second.status).toBe(413);
    expect(second.json.message).toMatch(QUOTA_MESSAGE);
    expect(second.json.message).toContain("(0,6\u00a0Mo sur 1\u00a0Mo)");
    expect(files(h, "media").length).toBe(stored);
    expect(files(h, ".tmp")).toEqual([]);
    expect((await rows(awa)).map((r) => r.title)).toEqual(["Premier chant"]);

    // Replacing a file is an upload too: the pending one still counts until it is approved.
    const replace = await send(h, "PUT", `/api/user/media/${first.json._id}`, audio("Premier chant", 600 * KB), awa.auth);
    expect(replace.status).toBe(413);
    expect(files(h, "media").length).toBe(stored);

    // Once an admin approves it, it no longer waits: the member may send more.
    expect((await send(h, "PUT", `/api/admin/media/${first.json._id}/approve`, { approved: true }, admin.auth)).status).toBe(200);
    expect((await send(h, "POST", "/api/user/media", audio("Second chant", 600 * KB), awa.auth)).status).toBe(200);
  });

  it("frees the quota when a deleted file leaves the trash for good, never counts a link, and lets a form without a file through past the quota", async () => {
    const moussa = await person(h, "moussa");
    const first = await send(h, "POST", "/api/user/media", audio("Brouillon", 900 * KB), moussa.auth);
    expect(first.status).toBe(200);
    const link = { title: "Un lien", type: "link", description: "Une ressource.", externalUrl: "https://example.org/doc" };
    expect((await send(h, "POST", "/api/user/media", formData(link), moussa.auth)).status).toBe(200);
    expect((await send(h, "POST", "/api/user/media", audio("De trop", 200 * KB), moussa.auth)).status).toBe(413);
    // Past the quota (it was lowered since): a form without a file is no upload, so the text can still be edited;
    // a file of a few bytes is refused.
    await h.database.db.update(media).set({ fileBytes: 2048 * KB }).where(eq(media.id, first.json._id));
    const edit = formData({ title: "Brouillon revu", type: "audio", description: "Un enregistrement." });
    expect((await send(h, "PUT", `/api/user/media/${first.json._id}`, edit, moussa.auth)).status).toBe(200);
    const tiny = await send(h, "POST", "/api/user/media", audio("Minuscule", 1 * KB), moussa.auth);
    expect(tiny.status).toBe(413);
    expect(tiny.json.message).toContain("(2\u00a0Mo sur 1\u00a0Mo)");
    // Issue 30 §5: in the trash its file is still on disk, so it still counts (a delete/upload loop grew a folder
    // past the quota); only its purge frees the quota.
    expect((await send(h, "DELETE", `/api/user/media/${first.json._id}`, undefined, moussa.auth)).status).toBe(200);
    const trashed = await send(h, "POST", "/api/user/media", audio("Après la corbeille", 200 * KB), moussa.auth);
    expect(trashed).toMatchObject({ status: 413, json: { message: QUOTA_MESSAGE } });
    expect((await send(h, "GET", "/api/admin/upload-quota", undefined, admin.auth)).json.members).toContainEqual({ _id: moussa.id, pendingBytes: 2048 * KB });
    expect((await send(h, "DELETE", `/api/user/trash/media/${first.json._id}`, undefined, moussa.auth)).status).toBe(200);
    expect((await send(h, "POST", "/api/user/media", audio("Enfin", 200 * KB), moussa.auth)).status).toBe(200);
  });

  it("refuses from the declared length before reading the body, and mid-stream when no length is declared", async () => {
    const fatou = await person(h, "fatou");
    const big = audio("Trop long", 1536 * KB);
    const declared = await rawUpload(h, "/api/user/media", big, fatou.auth, false);
    expect(declared.status).toBe(413);
    expect(declared.json.message).toMatch(QUOTA_MESSAGE);
    // At most the first chunk was pulled of a 1.5 MB body.
    expect(declared.pulled).toBeLessThanOrEqual(64 * KB);

    const streamed = await rawUpload(h, "/api/user/media", audio("Trop long", 1536 * KB), fatou.auth, true);
    expect(streamed.status).toBe(413);
    expect(streamed.json.message).toMatch(QUOTA_MESSAGE);
    expect(streamed.pulled).toBeLessThan(streamed.total);
    expect(files(h, ".tmp")).toEqual([]);
    expect(await rows(fatou)).toEqual([]);
  });

  it("stores at most the quota when a member sends many uploads at once", async () => {
    const ibou = await person(h, "ibou");
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => send(h, "POST", "/api/user/media", audio(`Rafale ${i}`, 400 * KB), ibou.auth)),
    );
    const statuses = answers.map((a) => a.status);
    // Two fit in 1 MB; whichever others arrive while one is stored are asked to wait (429) or refused (413).
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(2);
    expect(statuses.every((s) => s === 200 || s === 413 || s === 429)).toBe(true);
    expect((await rows(ibou)).length).toBe(statuses.filter((s) => s === 200).length);
    expect(files(h, ".tmp")).toEqual([]);
  });

  it("counts the pictures of an article waiting for approval", async () => {
    const aida = await person(h, "aida");
    const theme = await makeTheme(h.database.db);
    const article = await send(h, "POST", "/api/user/articles", { title: "Les dunes", txt_content: "Un texte.", themes: [theme.id] }, aida.auth);
    expect(article.status).toBe(200);
    expect((await send(h, "POST", "/api/user/media", audio("Presque plein", 1000 * KB), aida.auth)).status).toBe(200);
    const picture = formData({ originalPic: new File([await sample.picture("png", 400, 300)], "dunes.png") });
    const refused = await send(h, "PUT", `/api/user/articles/${article.json._id}/article-pic/original`, picture, aida.auth);
    expect(refused.status).toBe(413);
    expect(refused.json.message).toMatch(QUOTA_MESSAGE);
    expect(files(h, ".tmp")).toEqual([]);
  });

  it("lets admins upload past the quota, through the back office and the member space alike", async () => {
    for (const path of ["/api/admin/media", "/api/user/media", "/api/user/media"]) {
      expect((await send(h, "POST", path, audio("Archive", 900 * KB), admin.auth)).status, path).toBe(200);
    }
  });

  it("shows admins each member's pending bytes and the quota, and no one else", async () => {
    const khady = await person(h, "khady");
    await send(h, "POST", "/api/user/media", audio("En attente", 300 * KB), khady.auth);
    const article = await makeArticle(h.database.db, { title: "Article de Khady", approved: false, authors: [khady.id] });
    const picture = formData({ originalPic: new File([await sample.picture("png", 40, 30)], "p.png") });
    const saved = await send(h, "PUT", `/api/user/articles/${article.id}/article-pic/original`, picture, khady.auth);
    expect(saved.status).toBe(200);

    const report = await send(h, "GET", "/api/admin/upload-quota", undefined, admin.auth);
    expect(report.status).toBe(200);
    expect(report.json).toMatchObject({ quotaBytes: 1024 * KB, uploadsPerHour: 60, adminUploadsPerHour: 600 });
    const mine = report.json.members.find((m: { _id: string }) => m._id === khady.id);
    // The audio's bytes plus the picture's, as received.
    expect(mine.pendingBytes).toBeGreaterThan(300 * KB);
    expect(mine.pendingBytes).toBeLessThan(310 * KB);
    expect((await send(h, "GET", "/api/admin/upload-quota", undefined, khady.auth)).status).toBe(403);
  });
});

describe("upload rate per account", () => {
  let h: Harness;
  const clock = 5_000_000;

  beforeAll(async () => {
    h = await createHarness({ UPLOADS_PER_HOUR: "3" });
    // A clock that does not move: the hour cannot end during the test.
    h.deps.limits = memoryAccountLimits(h.deps.env, () => clock);
  });
  afterAll(() => h.close());

  const profilePicture = async (who: Person) =>
    send(h, "POST", "/api/user/profile-pic-crop", formData({ croppedPic: new File([await sample.picture("png")], "moi.png") }), who.auth);

  it("refuses a member's uploads past UPLOADS_PER_HOUR with a French 429 and Retry-After, and no one else's", async () => {
    const awa = await person(h, "awa");
    const jean = await person(h, "jean");
    for (let i = 0; i < 3; i++) expect((await profilePicture(awa)).status).toBe(200);
    const media = await send(h, "POST", "/api/user/media", audio("Un de trop", 10 * KB), awa.auth);
    expect(media.status).toBe(429);
    expect(media.json.message).toBe("Trop d'envois de fichiers (3 par heure au plus). Réessayez dans 60 minutes.");
    const res = await h.app.handle(
      new Request("http://localhost/api/user/profile-pic-crop", {
        method: "POST",
        headers: awa.auth,
        body: formData({ croppedPic: new File([await sample.picture("png")], "moi.png") }),
      }),
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBe(3600);
    // A JSON edit sends no file and is not an upload.
    expect((await send(h, "PUT", "/api/user/me", { firstname: "Awa", name: "Ndiaye", nickname: "awa", email: "awa@example.org" }, awa.auth)).status).not.toBe(429);
    expect((await profilePicture(jean)).status).toBe(200);
  });

  it("gives admins their own, higher rate", async () => {
    const chef = await person(h, "chef", "admin");
    for (let i = 0; i < 30; i++) expect((await profilePicture(chef)).status).toBe(200);
    const refused = await profilePicture(chef);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toContain("30 par heure");
  });
});
