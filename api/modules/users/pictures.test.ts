import { existsSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { createHarness, type Harness } from "../../testing/harness";
import { formData, person, send, type Person } from "./test-kit";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c0603a" } }).png().toBuffer();
const file = (bytes: Uint8Array, name = "photo.png", type = "image/png") => new File([new Uint8Array(bytes)], name, { type });

describe("profile pictures", () => {
  let h: Harness;
  let me: Person;
  let admin: Person;
  const stored = (name: string) => join(h.deps.env.uploadsDir, "profile_pics", name);
  const row = async (id: string) => (await h.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  beforeAll(async () => {
    h = await createHarness();
    me = await person(h, "photo");
    admin = await person(h, "chef", "admin");
  });
  afterAll(() => h.close());

  it("takes pictures from signed-in members only", async () => {
    const body = formData({ croppedPic: file(await png(10, 10)) });
    expect((await send(h, "POST", "/api/user/profile-pic-crop", body)).status).toBe(401);
  });

  it("saves the crop at 300 px on its longest side, answers its name, and removes the picture it replaces", async () => {
    const changes = h.changes;
    const first = await send(h, "POST", "/api/user/profile-pic-crop", formData({ croppedPic: file(await png(900, 600)) }), me.auth);
    expect(first.status).toBe(200);
    const name = first.json.profilePic as string;
    expect(name).toMatch(/^[0-9a-f]{24}\.jpg$/);
    const meta = await sharp(stored(name)).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([300, 200, "jpeg"]);
    expect((await row(me.id)).profilePic).toBe(name);
    expect(h.changes).toBe(changes + 1);

    const second = await send(h, "POST", "/api/users/me/profile-pic", formData({ profilePic: file(await png(200, 400)) }), me.auth);
    expect(second.status).toBe(200);
    expect(second.json.profilePic).not.toBe(name);
    expect(existsSync(stored(name))).toBe(false);
    expect(existsSync(stored(second.json.profilePic))).toBe(true);
  });

  it("keeps the original apart, without touching the shown picture", async () => {
    const shown = (await row(me.id)).profilePic;
    const r = await send(h, "PUT", "/api/user/profile-pic/original", formData({ originalPic: file(await png(2400, 1200)) }), me.auth);
    expect(r.status).toBe(200);
    expect((await sharp(stored(r.json.profilePicOriginal)).metadata()).width).toBe(2000);
    const after = await row(me.id);
    expect(after).toMatchObject({ profilePic: shown, profilePicOriginal: r.json.profilePicOriginal });
  });

  it("refuses another format (415), a missing file (400) and a picture over 5 MB (413), in French", async () => {
    const text = await send(h, "POST", "/api/user/profile-pic-crop", formData({ croppedPic: file(new TextEncoder().encode("%PDF-1.4 pas une image"), "x.png") }), me.auth);
    expect(text).toMatchObject({ status: 415, json: { message: "Format d'image non supporté (JPG, PNG, WEBP uniquement)" } });
    const none = await send(h, "POST", "/api/user/profile-pic-crop", formData({ croppedPic: new File([], "") }), me.auth);
    expect(none).toMatchObject({ status: 400, json: { message: "Un fichier est obligatoire" } });
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(await png(10, 10));
    const huge = await send(h, "POST", "/api/user/profile-pic-crop", formData({ croppedPic: file(big) }), me.auth);
    expect(huge.status).toBe(413);
    expect(huge.json.message).toMatch(/Image trop volumineuse \(max 5MB\)/);
  });

  it("creates a member with a picture, replaces it on edit, and removes their files when they are deleted", async () => {
    const fields = { firstname: "Binta", name: "Ba", nickname: "binta", email: "binta@example.sn", password: "Binta-Ba-2025!", role: "user" };
    const created = await send(h, "POST", "/api/admin/register", formData({ ...fields, groups: ["bureau"], profilePic: file(await png(640, 640)) }), admin.auth);
    expect(created.status).toBe(201);
    const first = created.json.profilePic as string;
    expect(existsSync(stored(first))).toBe(true);
    const edited = await send(h, "PUT", `/api/admin/users/${created.json._id}`, formData({ ...fields, password: "", profilePic: file(await png(320, 320)) }), admin.auth);
    expect(edited.status).toBe(200);
    expect(existsSync(stored(first))).toBe(false);
    const second = edited.json.profilePic as string;
    const notPicture = await send(h, "PUT", `/api/admin/users/${created.json._id}`, formData({ ...fields, profilePic: file(new TextEncoder().encode("GIF89a??"), "a.gif") }), admin.auth);
    expect(notPicture.status).toBe(415);
    expect((await send(h, "DELETE", `/api/admin/users/${created.json._id}`, undefined, admin.auth)).status).toBe(200);
    expect(existsSync(stored(second))).toBe(false);
  });
});
