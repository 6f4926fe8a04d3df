/**
 * Uploads on a bucket (S3_* settings), against a real S3 server: Ceph's RADOS Gateway started for this file
 * (api/testing/s3-server.ts, ~20 s), which checks every request's signature. The same routes and rules as on disk:
 * files kept in the bucket (none under UPLOADS_DIR), pending files private, types and headers as on disk, Range,
 * deletes remove the objects, and an outage of the gateway refuses the upload in French without a record.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { S3Client } from "bun";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, users } from "../../../db/schema";
import { formData, person, send, type Person } from "../../modules/articles/test-kit";
import { createHarness, type Harness } from "../../testing/harness";
import { startTestS3, type TestS3 } from "../../testing/s3-server";
import { serveUpload } from "../uploads-serve";
import * as sample from "../uploads/samples";
import { MediaFileGate } from "../uploads/visibility";
import { STORAGE_DOWN_MESSAGE } from "./index";
import { useBucketForUploads, type S3Storage } from "./s3";

let s3: TestS3;
let h: Harness;
let storage: S3Storage;
let gate: MediaFileGate;
let admin: Person;
let awa: Person;
/** An approved media's file, served to anyone. */
let publicPath = "";

beforeAll(async () => {
  s3 = await startTestS3({ buckets: ["uploads"] });
  h = await createHarness({ ...s3.env(), UPLOAD_MAX_MB: "64" });
  storage = useBucketForUploads(h.deps.env.uploadsDir, h.deps.env.s3Uploads!);
  admin = await person(h, "chef", "admin");
  awa = await person(h, "awa");
  gate = new MediaFileGate(h.database.db);
}, 180_000);
afterAll(async () => {
  h?.close();
  await s3?.close();
});

const keys = async (prefix = "") => {
  const out: string[] = [];
  for await (const o of storage.list(prefix)) out.push(o.key);
  return out.sort();
};
const file = (bytes: Uint8Array<ArrayBuffer>, name: string) => new File([bytes], name);
/** Files under the uploads folder outside `.tmp` (none expected: the bucket keeps them). */
const onDisk = () => readdirSync(h.deps.env.uploadsDir).filter((f) => f !== ".tmp");
const tempFiles = () => (existsSync(join(h.deps.env.uploadsDir, ".tmp")) ? readdirSync(join(h.deps.env.uploadsDir, ".tmp")) : []);

async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  await gate.refresh();
  const res = await serveUpload(new Request(`http://localhost${path}`, { method, headers }), h.deps.env.uploadsDir, path, gate.gate);
  return res;
}

describe("uploads on a bucket", () => {
  it("keeps a picture media, its thumbnail and all their variants in the bucket, typed, and nothing on disk", async () => {
    const res = await send(
      h,
      "POST",
      "/api/admin/media",
      formData({ title: "Photo de Gorée", type: "image", description: "Le port.", file: file(await sample.picture("jpeg", 1400, 900), "goree.jpg") }),
      admin.auth,
    );
    expect(res.status).toBe(200);
    publicPath = res.json.path;
    const name = res.json.path.replace("/uploads/media/", "");
    const stem = name.replace(/\.jpg$/, "");
    expect(await keys("media/")).toEqual([`media/${name}`, `media/${stem}-1200.avif`, `media/${stem}-1200.webp`, `media/${stem}-640.avif`, `media/${stem}-640.webp`].sort());
    expect(await keys("media_thumbnails/")).toHaveLength(5);
    expect((await storage.client.file(`media/${stem}-640.avif`).stat()).type).toBe("image/avif");
    expect(onDisk()).toEqual([]);
    expect(tempFiles()).toEqual([]);

    // Approved (an admin's): public, served with the same headers as from disk.
    const served = (await get(res.json.path))!;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(bytes).toEqual(new Uint8Array(await storage.client.file(`media/${name}`).arrayBuffer()));
    expect(Number(served.headers.get("content-length"))).toBe(bytes.length);
    const again = (await get(res.json.path, { "if-none-match": served.headers.get("etag")! }))!;
    expect(again.status).toBe(304);
    const head = (await get(res.json.path, {}, "HEAD"))!;
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(bytes.length));
    expect(await get("/uploads/media/absent.jpg")).toBeNull();
  });

  it("streams a large video to the bucket in parts, keeps it private while pending and serves byte ranges", async () => {
    const video = sample.mp4(20 * 1024 * 1024);
    const res = await send(h, "POST", "/api/user/media", formData({ title: "Conférence", type: "video", description: "Longue.", file: file(video, "conf.mp4") }), awa.auth);
    expect(res.status).toBe(200);
    const key = res.json.path.replace("/uploads/", "");
    const st = await storage.client.file(key).stat();
    expect(st.size).toBe(video.length);
    expect(st.type).toBe("video/mp4");
    // A multipart upload's ETag ends with its number of parts: 20 MB went as 8 MB parts, never as one body.
    expect(st.etag).toMatch(/-3"$/);

    // Pending: nobody but its uploader (and admins) gets it, and no cache keeps it.
    expect(await get(res.json.path)).toBeNull();
    const mine = (await get(res.json.path, awa.auth))!;
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.headers.get("content-security-policy")).toContain("media-src 'self'");
    await mine.body?.cancel();

    const part = (await get(res.json.path, { ...awa.auth, range: "bytes=1000000-1000999" }))!;
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000000-1000999/${video.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(video.slice(1000000, 1001000));
    const tail = (await get(res.json.path, { ...awa.auth, range: "bytes=-10" }))!;
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(video.slice(-10));
    expect((await get(res.json.path, { ...awa.auth, range: `bytes=${video.length}-` }))!.status).toBe(416);
    expect(onDisk()).toEqual([]);
  });

  it("keeps profile and body pictures in the bucket, with the picture's size from the encoder", async () => {
    const pic = await send(h, "POST", "/api/users/me/profile-pic", formData({ profilePic: file(await sample.picture("png", 600, 400), "moi.png") }), awa.auth);
    expect(pic.status).toBe(200);
    const [row] = await h.database.db.select({ profilePic: users.profilePic }).from(users).where(eq(users.id, awa.id));
    expect(await keys(`profile_pics/${row!.profilePic!.replace(/\.jpg$/, "")}`)).toHaveLength(7);

    const body = await send(h, "POST", "/api/user/articles/body-pictures", formData({ picture: file(await sample.picture("jpeg", 2000, 1000), "vue.jpg") }), awa.auth);
    expect(body.status).toBe(200);
    expect(body.json).toMatchObject({ width: 1600, height: 800 });
    expect(await keys(body.json.src.replace("/uploads/", "").replace(/\.jpg$/, ""))).toHaveLength(5);
    expect(onDisk()).toEqual([]);
  });

  it("removes the objects of a replaced file and of a media purged from the trash", async () => {
    const created = await send(h, "POST", "/api/admin/media", formData({ title: "Affiche", type: "image", description: "Une.", file: file(await sample.picture("png", 800, 600), "a.png") }), admin.auth);
    const first = created.json.path.replace("/uploads/media/", "").replace(/\.png$/, "");
    expect(await keys(`media/${first}`)).toHaveLength(5);
    const replaced = await send(
      h,
      "PUT",
      `/api/admin/media/${created.json._id}`,
      formData({ title: "Affiche", type: "image", description: "Deux.", file: file(await sample.picture("png", 800, 600), "b.png") }),
      admin.auth,
    );
    expect(replaced, JSON.stringify(replaced.json)).toMatchObject({ status: 200 });
    expect(await keys(`media/${first}`)).toEqual([]);
    expect(await keys(`media_thumbnails/${first}`)).toEqual([]);
    const second = replaced.json.path.replace("/uploads/media/", "").replace(/\.png$/, "");
    expect(await keys(`media/${second}`)).toHaveLength(5);

    expect((await send(h, "DELETE", `/api/admin/media/${created.json._id}`, undefined, admin.auth)).status).toBe(200);
    // In the trash, the files stay (it can be restored); purged, they go.
    expect(await keys(`media/${second}`)).toHaveLength(5);
    expect((await send(h, "DELETE", `/api/admin/trash/media/${created.json._id}`, undefined, admin.auth)).status).toBe(200);
    expect(await keys(`media/${second}`)).toEqual([]);
    expect(await keys(`media_thumbnails/${second}`)).toEqual([]);
  });

  it("is refused by the gateway when signed with a wrong secret, and to anonymous readers", async () => {
    const [key] = await keys("media/");
    const forger = new S3Client({ ...h.deps.env.s3Uploads!, secretAccessKey: "pas-le-bon-secret" });
    const refused = await forger.file(key!).text().then(
      () => null,
      (e: { code?: string }) => e.code,
    );
    expect(refused).toBe("SignatureDoesNotMatch");
    // The bucket is private: only the app (and what it decides to serve) reads it.
    const anonymous = await fetch(`${s3.endpoint}/uploads/${key}`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain("AccessDenied");
    expect(await storage.client.file(key!).exists()).toBe(true);
  });
});

describe("an outage of the bucket", () => {
  it("refuses an upload in French when the gateway stops during it, and records nothing", async () => {
    const mediaRows = async () => (await h.database.db.select({ n: count() }).from(media))[0]!.n;
    const before = { rows: await mediaRows(), keys: await keys() };
    // The body is sent in chunks; the gateway is stopped before its last chunk is handed over, so the stop happens
    // during the request, before the file is sent to the bucket (no timing involved).
    const form = await new Response(formData({ title: "Coupure", type: "video", description: "Jamais gardée.", file: file(sample.mp4(3 * 1024 * 1024), "c.mp4") }));
    const type = form.headers.get("content-type")!;
    const bytes = new Uint8Array(await form.arrayBuffer());
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (offset >= bytes.length) {
          controller.close();
          return;
        }
        const next = Math.min(bytes.length, offset + 256 * 1024);
        if (next === bytes.length) await s3.stopGateway();
        controller.enqueue(bytes.slice(offset, next));
        offset = next;
      },
    });
    const res = await h.app.handle(
      new Request("http://localhost/api/admin/media", {
        method: "POST",
        headers: { ...admin.auth, "content-type": type, "content-length": String(bytes.length) },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: STORAGE_DOWN_MESSAGE });
    expect(await mediaRows()).toBe(before.rows);
    expect(tempFiles()).toEqual([]);
    // Reading fails the same way, in French, while the gateway is away.
    const down = (await get(publicPath))!;
    expect(down.status).toBe(503);
    expect(await down.text()).toBe(STORAGE_DOWN_MESSAGE);

    await s3.startGateway();
    expect(await keys()).toEqual(before.keys);
    const retried = await send(h, "POST", "/api/admin/media", formData({ title: "Reprise", type: "audio", description: "Après.", file: file(sample.wav(), "r.wav") }), admin.auth);
    expect(retried.status).toBe(200);
    expect(await storage.client.file(retried.json.path.replace("/uploads/", "")).exists()).toBe(true);
  }, 120_000);
});
