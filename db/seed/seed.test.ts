import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, type Database } from "../client";
import { DEMO_ADMIN, DEMO_MEMBER, seedDemo, seedFirstAdmin } from "./index";

const NOW = new Date("2025-06-18T10:30:00Z");
const DAY = 86_400_000;
const TABLES = ["users", "themes", "media", "articles", "article_authors", "article_themes", "article_media", "events", "event_organizers", "event_themes"];

const root = mkdtempSync(join(tmpdir(), "seed-test-"));
const uploads = join(root, "uploads");

async function fresh(name: string): Promise<Database> {
  const database = await openDatabase(`file:${join(root, name)}.db`);
  await migrateDatabase(database);
  return database;
}

async function counts(database: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const rs = await database.client.execute(`SELECT count(*) AS n FROM ${table}`);
    out[table] = Number(rs.rows[0]?.n);
  }
  return out;
}

const bytes = (path: string) => readFileSync(path);
const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

let database: Database;

beforeAll(async () => {
  database = await fresh("demo");
  expect(await seedDemo(database, uploads, NOW)).toEqual({ seeded: true });
});

afterAll(() => {
  database?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("seedDemo", () => {
  it("creates both circles, themes, articles, all media types and events", async () => {
    const { db } = database;
    const users = await db.query.users.findMany();
    expect(users.length).toBeGreaterThanOrEqual(20);
    expect(users.filter((u) => u.groups.includes("cercleImp")).length).toBeGreaterThanOrEqual(10);
    expect(users.filter((u) => u.groups.includes("cercleAx")).length).toBeGreaterThanOrEqual(10);
    expect(users.every((u) => u.groups.length <= 3)).toBe(true);
    expect((await db.query.themes.findMany()).length).toBeGreaterThanOrEqual(8);
    expect((await db.query.articles.findMany()).length).toBeGreaterThanOrEqual(40);
    const media = await db.query.media.findMany();
    expect(media.length).toBeGreaterThanOrEqual(20);
    expect(new Set(media.map((m) => m.type))).toEqual(new Set(["audio", "video", "pdf", "image", "external", "link"]));
    expect((await db.query.events.findMany()).length).toBeGreaterThanOrEqual(15);
  });

  it("gives members the names, domains and links the public pages display", async () => {
    const users = await database.db.query.users.findMany();
    expect(users.some((u) => u.firstname === "Marie Claire")).toBe(true);
    expect(users.some((u) => u.name === "Diop Sow")).toBe(true);
    expect(users.some((u) => u.biography === "")).toBe(true);
    expect(users.some((u) => /, .* et /.test(u.domain))).toBe(true);
    const withoutPicture = users.filter((u) => u.profilePic === null).length;
    expect(withoutPicture).toBeGreaterThanOrEqual(2);
    expect(withoutPicture).toBeLessThanOrEqual(3);
    for (const u of users) {
      expect(u.nickname).toMatch(/^[a-z0-9]+$/);
      expect(["dashboard", "profile", "articles", "media"]).not.toContain(u.nickname);
      expect(Object.keys(u.socialLinks).sort()).toEqual(["facebook", "instagram", "linkedin", "other", "twitter", "website", "youtube"]);
    }
    expect(new Set(users.map((u) => u.email.toLowerCase())).size).toBe(users.length);
  });

  it("creates the two demo accounts, and only they can sign in", async () => {
    const users = await database.db.query.users.findMany();
    const admin = users.find((u) => u.nickname === DEMO_ADMIN.nickname);
    const member = users.find((u) => u.nickname === DEMO_MEMBER.nickname);
    expect(admin?.role).toBe("admin");
    expect(member?.role).toBe("user");
    expect(member?.groups).toEqual(["cercleImp"]);
    expect(await Bun.password.verify(DEMO_ADMIN.password, admin?.passwordHash ?? "")).toBe(true);
    expect(await Bun.password.verify(DEMO_MEMBER.password, member?.passwordHash ?? "")).toBe(true);
    expect(await Bun.password.verify("mauvais-mot-de-passe", admin?.passwordHash ?? "")).toBe(false);
    expect(admin?.passwordHash?.startsWith("$argon2id$")).toBe(true);
    expect(users.filter((u) => u.passwordHash !== null).map((u) => u.nickname).sort()).toEqual(["admin", "membre"]);
  });

  it("spreads articles over two years with themes, authors, statuses and linked media", async () => {
    const articles = await database.db.query.articles.findMany();
    const authors = await database.db.query.articleAuthors.findMany();
    const themes = await database.db.query.articleThemes.findMany();
    const users = await database.db.query.users.findMany();
    const memberId = users.find((u) => u.nickname === DEMO_MEMBER.nickname)?.id;
    for (const a of articles) {
      expect(a.createdAt.getTime()).toBeLessThan(NOW.getTime());
      expect(a.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - 730 * DAY);
      const nAuthors = authors.filter((x) => x.articleId === a.id).length;
      const nThemes = themes.filter((x) => x.articleId === a.id).length;
      expect(nAuthors).toBeGreaterThanOrEqual(1);
      expect(nAuthors).toBeLessThanOrEqual(3);
      expect(nThemes).toBeGreaterThanOrEqual(1);
      expect(nThemes).toBeLessThanOrEqual(3);
      expect(a.txtContent.split(/\s+/).length).toBeGreaterThan(200);
      expect(a.htmlContent).toContain("<p>");
      expect(a.htmlContent).not.toMatch(/<script|on\w+=/i);
    }
    expect(articles.filter((a) => !a.approved).length).toBeGreaterThanOrEqual(3);
    expect(articles.filter((a) => !a.online).length).toBeGreaterThanOrEqual(2);
    expect(articles.filter((a) => a.articlePic).length).toBeGreaterThan(articles.length / 2);
    expect(authors.filter((x) => x.userId === memberId).length).toBeGreaterThanOrEqual(2);
    expect((await database.db.query.articleMedia.findMany()).length).toBeGreaterThan(0);
  });

  it("places events in the past, in progress and ahead, with a crowded day", async () => {
    const events = await database.db.query.events.findMany();
    const t = NOW.getTime();
    expect(events.filter((e) => e.endDate.getTime() < t).length).toBeGreaterThanOrEqual(3);
    expect(events.filter((e) => e.startDate.getTime() <= t && e.endDate.getTime() > t).length).toBeGreaterThanOrEqual(2);
    expect(events.filter((e) => e.startDate.getTime() > t).length).toBeGreaterThanOrEqual(3);
    const perDay = new Map<string, number>();
    for (const e of events) {
      const day = e.startDate.toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect(Math.max(...perDay.values())).toBeGreaterThan(3);
    expect(events.some((e) => e.location === "")).toBe(true);
    expect(events.some((e) => e.location === "En ligne")).toBe(true);
    expect(events.some((e) => !e.online)).toBe(true);
  });

  it("opens registration on upcoming events: for everyone with places, a closing date and a question; for members only", async () => {
    const open = (await database.db.query.events.findMany()).filter((e) => e.registrationOpen);
    for (const e of open) {
      expect(e.online && e.startDate.getTime() > NOW.getTime()).toBe(true);
      if (e.registrationClosesAt) expect(e.registrationClosesAt.getTime()).toBeLessThan(e.startDate.getTime());
    }
    expect(open.some((e) => e.registrationAudience === "everyone" && e.registrationCapacity !== null && e.registrationQuestion !== "")).toBe(true);
    expect(open.some((e) => e.registrationClosesAt !== null)).toBe(true);
    expect(open.some((e) => e.registrationAudience === "members")).toBe(true);
  });

  it("writes real picture, sound and document files for the rows that name them", async () => {
    const users = await database.db.query.users.findMany();
    for (const u of users.filter((x) => x.profilePic)) expect(isJpeg(bytes(join(uploads, "profile_pics", u.profilePic ?? "")))).toBe(true);
    const articles = await database.db.query.articles.findMany();
    for (const a of articles.filter((x) => x.articlePic)) expect(isJpeg(bytes(join(uploads, "article_pics", a.articlePic ?? "")))).toBe(true);
    // Every picture has the responsive variants the site's <picture> elements point to.
    for (const a of articles.filter((x) => x.articlePic)) {
      for (const v of ["-400.avif", "-400.webp", "-800.avif", "-800.webp"]) {
        expect(existsSync(join(uploads, "article_pics", a.articlePic!.replace(/\.jpg$/, v))), v).toBe(true);
      }
    }
    for (const u of users.filter((x) => x.profilePic)) {
      expect(existsSync(join(uploads, "profile_pics", u.profilePic!.replace(/\.jpg$/, "-96.webp")))).toBe(true);
    }
    const media = await database.db.query.media.findMany();
    for (const m of media) {
      if (m.thumbnail) expect(isJpeg(bytes(join(uploads, "media_thumbnails", m.thumbnail)))).toBe(true);
      if (!m.path) {
        expect(m.externalUrl).toMatch(/^https:\/\//);
        continue;
      }
      expect(m.path.startsWith("/uploads/media/")).toBe(true);
      const file = join(uploads, "media", m.path.slice("/uploads/media/".length));
      const b = bytes(file);
      if (m.type === "audio") {
        expect(b.toString("latin1", 0, 4)).toBe("RIFF");
        expect(b.toString("latin1", 8, 12)).toBe("WAVE");
        expect(statSync(file).size).toBeLessThan(200_000);
        expect(m.duration).toBeGreaterThan(0);
      } else if (m.type === "pdf") {
        expect(b.toString("latin1", 0, 5)).toBe("%PDF-");
        // Every xref entry must point at the start of its object.
        const text = b.toString("latin1");
        const start = Number(/startxref\n(\d+)/.exec(text)?.[1]);
        expect(text.startsWith("xref", start)).toBe(true);
        const offsets = [...text.slice(start).matchAll(/^(\d{10}) 00000 n $/gm)].map((x) => Number(x[1]));
        offsets.forEach((offset, i) => expect(text.startsWith(`${i + 1} 0 obj`, offset)).toBe(true));
      } else {
        expect(isJpeg(b)).toBe(true);
      }
    }
  });

  it("does nothing on a second run", async () => {
    const before = await counts(database);
    expect(await seedDemo(database, uploads, NOW)).toEqual({ seeded: false });
    expect(await counts(database)).toEqual(before);
  });

  it("leaves a database that already has a user alone", async () => {
    const other = await fresh("has-admin");
    try {
      await seedFirstAdmin(other, "chef", "Un-Mot-De-Passe-Solide-1");
      expect(await seedDemo(other, join(root, "other-uploads"), NOW)).toEqual({ seeded: false });
      expect((await counts(other)).users).toBe(1);
      expect(existsSync(join(root, "other-uploads"))).toBe(false);
    } finally {
      other.close();
    }
  });
});

describe("seedFirstAdmin", () => {
  it("creates a single administrator in an empty database, then nothing", async () => {
    const db = await fresh("first-admin");
    try {
      expect(await seedFirstAdmin(db, "direction", "Mot-De-Passe-Initial-2025")).toEqual({ seeded: true });
      expect(await seedFirstAdmin(db, "autre", "Autre-Mot-De-Passe-2025")).toEqual({ seeded: false });
      const users = await db.db.query.users.findMany();
      expect(users).toHaveLength(1);
      const [admin] = users;
      expect(admin).toMatchObject({ nickname: "direction", role: "admin", firstname: "Administrateur", name: "Principal", email: "direction@localhost" });
      expect(await Bun.password.verify("Mot-De-Passe-Initial-2025", admin?.passwordHash ?? "")).toBe(true);
    } finally {
      db.close();
    }
  });

  it("does nothing once the demo content exists", async () => {
    expect(await seedFirstAdmin(database, "direction", "Mot-De-Passe-Initial-2025")).toEqual({ seeded: false });
  });

  it("refuses an empty nickname or password", async () => {
    await expect(seedFirstAdmin(database, " ", "x")).rejects.toThrow();
    await expect(seedFirstAdmin(database, "direction", "")).rejects.toThrow();
  });
});
