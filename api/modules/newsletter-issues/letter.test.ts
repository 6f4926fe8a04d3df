import { mkdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { articles, media, newsletterIssues } from "../../../db/schema";
import { newId } from "../../../db/ids";
import { mailPictureName } from "../../lib/images";
import { MAIL_PICTURE_WIDTH } from "../../lib/uploads/mail-picture";
import { isInPublicSet, publicUploadFiles } from "../../lib/uploads/visibility";
import { createHarness, type Harness } from "../../testing/harness";
import { makeArticle, makeEvent, makeMedia } from "../../testing/factory";
import { person, send, type Person } from "../users/test-kit";

const PUBLIC_URL = "https://institut.example.sn";
/** Gmail shows « [Message tronqué] » and hides the rest (the unsubscribe link included) above 102 KB of HTML. */
const GMAIL_CLIP = 102 * 1024;
const SUMMARY =
  "Les communes littorales du Sénégal font face à l'érosion, à la salinisation des nappes et à la pression foncière. Cet article rassemble les retours de terrain de trois années d'enquêtes menées avec les élus, les pêcheurs et les associations de quartier, et propose des pistes de gouvernance partagée.";

describe("the newsletter people want to read: what is proposed, and the mail with its pictures", () => {
  let h: Harness;
  let admin: Person;
  const db = () => h.database.db;
  const as = (method: string, path: string, body?: object) => send(h, method, path, body, admin.auth);

  /** A real picture kept the way uploads keep article pictures (a JPEG of 800 px). */
  async function withPicture(articleId: string, i: number) {
    const dir = join(h.deps.env.uploadsDir, "article_pics");
    await mkdir(dir, { recursive: true });
    const file = `${newId()}.jpg`;
    await sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 20 * i, g: 90, b: 140 } } }).jpeg().toFile(join(dir, file));
    await db().update(articles).set({ articlePic: file, txtContent: SUMMARY }).where(eq(articles.id, articleId));
    return file;
  }

  beforeAll(async () => {
    h = await createHarness({ MAIL_FROM: "L'Institut <contact@institut.example.sn>", PUBLIC_URL });
    admin = await person(h, "admin-lettre", "admin");
  });
  beforeEach(async () => {
    await db().delete(newsletterIssues);
    await db().delete(articles);
    await db().delete(media);
  });
  afterAll(() => h.close());

  it("proposes what is new since the last issue sent: articles and media published since, events still to come, in sections", async () => {
    const before = await makeArticle(db(), { title: "Avant le dernier numéro", daysAgo: 5 });
    await db().insert(newsletterIssues).values({
      id: newId(), number: 1, subject: "Numéro 1", intro: "", items: [], state: "sent",
      startedAt: new Date(Date.now() - 3 * 86_400_000), sentAt: new Date(Date.now() - 3 * 86_400_000),
      createdAt: new Date(Date.now() - 4 * 86_400_000), updatedAt: new Date(),
    });
    const since = await makeArticle(db(), { title: "Publié depuis", daysAgo: 1 });
    const past = await makeEvent(db(), { title: "Colloque passé", startDaysFromNow: -2 });
    const ahead = await makeEvent(db(), { title: "Colloque à venir", startDaysFromNow: 12, createdAt: new Date(Date.now() - 40 * 86_400_000) });
    const offline = await makeEvent(db(), { title: "Hors ligne", startDaysFromNow: 5, online: false });
    const oldMedia = await makeMedia(db(), { title: "Média ancien", daysAgo: 6 });
    const newMedia = await makeMedia(db(), { title: "Média récent", daysAgo: 1 });
    const pendingMedia = await makeMedia(db(), { title: "Média en attente", daysAgo: 1, approved: false });

    const res = await as("GET", "/api/admin/newsletter/issues/proposal");
    expect(res.status).toBe(200);
    const items: { kind: string; id: string }[] = res.json.items;
    const ids = items.map((i) => i.id);
    expect(ids).toEqual([since.id, ahead.id, newMedia.id]);
    for (const gone of [before, past, offline, oldMedia, pendingMedia]) expect(ids).not.toContain(gone.id);
    // Grouped: every article, then every event, then every media.
    expect(items.map((i) => i.kind)).toEqual(["article", "event", "media"]);
    expect(res.json.items[2]).toMatchObject({ kind: "media", title: "Média récent", href: `/media/${newMedia.url}` });
  });

  it("sends twelve items with their mail pictures in an HTML part under Gmail's clipping size, and a complete text part", async () => {
    const made = [];
    for (let i = 0; i < 10; i++) {
      const a = await makeArticle(db(), { title: `Gouverner le littoral, volet ${i + 1}\u00a0: enquêtes, cartes et propositions des communes`, daysAgo: 1 });
      made.push({ ...a, pic: await withPicture(a.id, i) });
    }
    const events = [await makeEvent(db(), { title: "Rencontre à Gorée", startDaysFromNow: 9 }), await makeEvent(db(), { title: "Atelier de cartographie", startDaysFromNow: 20 })];
    const thumbs = join(h.deps.env.uploadsDir, "media_thumbnails");
    await mkdir(thumbs, { recursive: true });
    await sharp({ create: { width: 480, height: 270, channels: 3, background: "#336699" } }).jpeg().toFile(join(thumbs, "vignette.jpg"));
    const m = await makeMedia(db(), { title: "Entretien filmé", daysAgo: 1 });
    await db().update(media).set({ thumbnail: "vignette.jpg" }).where(eq(media.id, m.id));

    const items = [...events.map((e) => ({ kind: "event", id: e.id })), { kind: "media", id: m.id }, ...made.map((a) => ({ kind: "article", id: a.id }))];
    expect(items).toHaveLength(13);
    const created = await as("POST", "/api/admin/newsletter/issues", { subject: "La lettre de décembre", intro: "Bonjour à toutes et à tous.", items });
    expect(created.status, JSON.stringify(created.json)).toBe(201);

    // Each article's picture has its JPEG for mail beside it, made with sharp, public with its article.
    for (const a of made) {
      const name = mailPictureName(a.pic);
      const meta = await sharp(join(h.deps.env.uploadsDir, "article_pics", name)).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.width).toBeLessThanOrEqual(MAIL_PICTURE_WIDTH);
      expect(isInPublicSet(new Set(await publicUploadFiles(db())), `article_pics/${name}`)).toBe(true);
    }
    expect((await stat(join(thumbs, mailPictureName("vignette.jpg")))).size).toBeGreaterThan(0);

    // Twelve items: ten articles, two events; the media makes thirteen and is dropped to keep twelve.
    const twelve = await as("PUT", `/api/admin/newsletter/issues/${created.json.issue._id}`, { subject: "La lettre de décembre", intro: "Bonjour à toutes et à tous.", items: items.filter((i) => i.kind !== "media") });
    expect(twelve.status).toBe(200);
    const preview = await as("GET", `/api/admin/newsletter/issues/${created.json.issue._id}/preview`);
    expect(preview.status).toBe(200);
    const { html, text } = preview.json as { html: string; text: string };

    expect(Buffer.byteLength(html, "utf8")).toBeLessThan(GMAIL_CLIP);
    const images = [...html.matchAll(/<img\b[^>]*>/g)].map((x) => x[0]);
    expect(images).toHaveLength(10);
    for (const img of images) {
      expect(img).toMatch(/ src="https:\/\/institut\.example\.sn\/uploads\/article_pics\/[0-9a-z]+-mail\.jpg"/);
      expect(img).toMatch(/ width="552"/);
      expect(img).toMatch(/ height="311"/);
      expect(img).toMatch(/ alt="Gouverner le littoral, volet \d+/);
    }
    // Sections in the mail's order, whatever order the admin saved.
    expect(html.indexOf(">Articles</h2>")).toBeGreaterThan(0);
    expect(html.indexOf(">Événements</h2>")).toBeGreaterThan(html.indexOf(">Articles</h2>"));
    expect(html.match(/>Lire la suite</g)).toHaveLength(12);

    // The text part says everything but the pictures: each title, summary and address.
    const summary = created.json.issue.items.find((i: { kind: string }) => i.kind === "article").excerpt as string;
    expect(summary.length).toBeGreaterThan(100);
    for (const a of made) {
      expect(text).toContain(a.title);
      expect(text).toContain(`Lire la suite\u00a0: ${PUBLIC_URL}/article/${a.url}`);
    }
    for (const e of events) {
      expect(text).toContain(e.title);
      expect(text).toContain(`Lire la suite\u00a0: ${PUBLIC_URL}/event/${e.url}`);
    }
    expect(text.split(summary).length - 1).toBe(10);
  });
});
