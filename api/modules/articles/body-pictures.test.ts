import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles } from "../../../db/schema";
import { memoryAccountLimits } from "../../lib/account-limits";
import * as sample from "../../lib/uploads/samples";
import { MediaFileGate } from "../../lib/uploads/visibility";
import { makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { pendingBytesOf } from "../upload-quota/service";
import { isLinked } from "./body-pictures";
import { formData, person, send, type Person } from "./test-kit";

const PATH = "/api/user/articles/body-pictures";

/** Issue 20 §1: pictures dropped into an article's text. */
describe("pictures inside article bodies", () => {
  let h: Harness;
  let awa: Person;
  let jean: Person;
  let admin: Person;
  let theme: { id: string };

  const picture = async (format: "png" | "jpeg" = "png", w = 2400, h2 = 1200) => formData({ picture: new File([await sample.picture(format, w, h2)], "photo.png") });
  const gateFor = async (rel: string, who?: Person) => {
    const gate = new MediaFileGate(h.database.db);
    await gate.refresh();
    return gate.gate(new Request(`http://localhost/uploads/${rel}`, { headers: who?.auth ?? {} }), rel);
  };

  beforeAll(async () => {
    h = await createHarness();
    awa = await person(h, "awa");
    jean = await person(h, "jean");
    admin = await person(h, "chef", "admin");
    theme = await makeTheme(h.database.db, "Mer");
  });
  afterAll(() => h.close());

  it("refuses anonymous callers with the French 401", async () => {
    expect(await send(h, "POST", PATH, await picture())).toEqual({ status: 401, json: { message: "Veuillez vous connecter." } });
  });

  it("resizes the picture to 1,600 px at most with AVIF and WebP variants, and answers its address and size", async () => {
    const res = await send(h, "POST", PATH, await picture(), awa.auth);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ src: expect.stringMatching(/^\/uploads\/body_pics\/[0-9a-f]{24}\.jpg$/), width: 1600, height: 800 });
    const file = join(h.deps.env.uploadsDir, res.json.src.replace("/uploads/", ""));
    expect((await sharp(file).metadata()).width).toBe(1600);
    for (const variant of ["-640.avif", "-640.webp", "-1280.avif", "-1280.webp"]) expect(existsSync(file.replace(/\.jpg$/, variant)), variant).toBe(true);
  });

  it("refuses what is not a picture (415), an unknown field and a missing file (400) in French, keeping nothing", async () => {
    const before = readdirSync(join(h.deps.env.uploadsDir, "body_pics")).length;
    const pdf = await send(h, "POST", PATH, formData({ picture: new File([sample.pdf()], "x.jpg", { type: "image/jpeg" }) }), awa.auth);
    expect(pdf.status).toBe(415);
    expect(pdf.json.message).toMatch(/^Format/);
    const extra = await send(h, "POST", PATH, formData({ picture: new File([await sample.picture("png")], "a.png"), alt: "x" }), awa.auth);
    expect(extra.status).toBe(400);
    const none = await send(h, "POST", PATH, formData({}), awa.auth);
    expect(none.status).toBe(400);
    expect(readdirSync(join(h.deps.env.uploadsDir, "body_pics")).length).toBe(before);
  });

  it("stays private to its uploader until an approved, online article shows it, then is public", async () => {
    const pendingBefore = await pendingBytesOf(h.database.db, awa.id);
    const up = await send(h, "POST", PATH, await picture("jpeg", 800, 600), awa.auth);
    const name = up.json.src.split("/").pop() as string;
    const rel = `body_pics/${name}`;
    const variant = `body_pics/${name.replace(".jpg", "-640.webp")}`;
    expect(await gateFor(rel)).toBe(null);
    expect(await gateFor(rel, jean)).toBe(null);
    expect(await gateFor(rel, awa)).toBe("private");
    expect(await gateFor(variant, awa)).toBe("private");
    expect(await gateFor(rel, admin)).toBe("private");

    const html = `<p>Voici la dune.</p><img src="${up.json.src}" alt="La dune de Lompoul" width="800" height="600">`;
    const created = await send(h, "POST", "/api/user/articles", { title: "La dune", txt_content: "", html_content: html, themes: [theme.id] }, awa.auth);
    expect(created.status).toBe(200);
    expect(created.json.html_content).toContain(`<img src="${up.json.src}" alt="La dune de Lompoul" width="800" height="600" />`);
    expect(await isLinked(h.database.db, created.json._id, name)).toBe(true);
    // Pending: still private, and still counted in Awa's pending quota.
    expect(await gateFor(rel)).toBe(null);
    expect(await pendingBytesOf(h.database.db, awa.id)).toBeGreaterThan(pendingBefore);

    await h.database.db.update(articles).set({ approved: true }).where(eq(articles.id, created.json._id));
    expect(await gateFor(rel)).toBe("public");
    expect(await gateFor(variant)).toBe("public");
    expect(await pendingBytesOf(h.database.db, awa.id)).toBe(pendingBefore);

    // The text no longer shows it: the link goes, and so does public access.
    const edited = await send(h, "PUT", `/api/user/articles/${created.json._id}`, { title: "La dune", txt_content: "", html_content: "<p>Sans image.</p>" }, admin.auth);
    expect(edited.status).toBe(403); // an admin edits through /api/admin, not the member routes of others' articles
    const own = await send(h, "PUT", `/api/user/articles/${created.json._id}`, { title: "La dune", txt_content: "", html_content: "<p>Sans image.</p>" }, awa.auth);
    expect(own.status).toBe(200);
    // A member's edit of an approved article waits for approval: the public page still shows the picture.
    expect(await isLinked(h.database.db, created.json._id, name)).toBe(true);
    expect((await send(h, "PUT", `/api/admin/articles/${created.json._id}/approve`, { approved: true }, admin.auth)).status).toBe(200);
    expect(await isLinked(h.database.db, created.json._id, name)).toBe(false);
    expect(await gateFor(rel)).toBe(null);
  });

  it("links only pictures that exist, and never a foreign address", async () => {
    const html = '<p>a</p><img src="/uploads/body_pics/000000000000000000000000.jpg" alt="x"><img src="/uploads/body_pics/../media/a.jpg" alt="y">';
    const created = await send(h, "POST", "/api/user/articles", { title: "Rien", txt_content: "", html_content: html, themes: [theme.id] }, jean.auth);
    expect(created.status).toBe(200);
    expect(await isLinked(h.database.db, created.json._id, "000000000000000000000000.jpg")).toBe(false);
  });
});

describe("body picture uploads per hour", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ UPLOADS_PER_HOUR: "2" });
    h.deps.limits = memoryAccountLimits(h.deps.env, () => 5_000_000);
  });
  afterAll(() => h.close());

  it("count against the member's upload rate like every other upload (French 429)", async () => {
    const awa = await person(h, "awa");
    const send1 = async () => send(h, "POST", PATH, formData({ picture: new File([await sample.picture("png")], "a.png") }), awa.auth);
    expect((await send1()).status).toBe(200);
    expect((await send1()).status).toBe(200);
    const third = await send1();
    expect(third.status).toBe(429);
    expect(third.json.message).toBe("Trop d'envois de fichiers (2 par heure au plus). Réessayez dans 60 minutes.");
  });
});
