import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { articles, contactMessages } from "../../../db/schema";
import { makeArticle, makeEvent, makeMedia, makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { audiences, person, send, type Person } from "../users/test-kit";
import { countPublished } from "./counts";

describe("admin dashboard counts", () => {
  let h: Harness;
  let admin: Person;
  let member: Person;

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    admin = await person(h, "chef", "admin");
    member = await person(h, "simple");
    await person(h, "autre");
    await makeArticle(db, { approved: true });
    await makeArticle(db, { approved: false });
    await makeArticle(db, { approved: false, online: false });
    await makeMedia(db, { approved: false });
    await makeTheme(db);
    await makeEvent(db);
    await makeEvent(db, { online: false });
    await db.insert(contactMessages).values([
      { id: "c".repeat(24), name: "A", email: "a@example.sn", subject: "S", message: "M", createdAt: new Date() },
      { id: "d".repeat(24), name: "B", email: "b@example.sn", subject: "S", message: "M", createdAt: new Date(), readAt: new Date() },
    ]);
  });
  afterAll(() => h.close());

  it("is for admins only: 401 anonymous, 403 member", async () => {
    expect(await audiences(h, member, "GET", "/api/admin/stats")).toEqual({ anonymous: 401, member: 403 });
  });

  it("counts members by role, content, what waits for approval and unread messages", async () => {
    const { status, json } = await send(h, "GET", "/api/admin/stats", undefined, admin.auth);
    expect(status).toBe(200);
    expect(json).toEqual({
      members: { total: 3, admins: 1, users: 2 },
      articles: 3,
      publishedArticles: 1,
      media: 1,
      themes: 1,
      events: 2,
      pendingArticles: 2,
      pendingMedia: 1,
      unreadMessages: 1,
      lastBuildFailed: false,
      buildRetryPlanned: false,
    });
  });

  it("sizes the site for the build's time limit by what readers see: published articles and media only", async () => {
    const db = h.database.db;
    expect(await countPublished(db)).toBe(1);
    await makeMedia(db, { approved: true });
    await makeMedia(db, { approved: true, online: false });
    const trashed = await makeArticle(db, { approved: true });
    await db.update(articles).set({ deletedAt: new Date() }).where(eq(articles.id, trashed.id));
    expect(await countPublished(db)).toBe(2);
  });
});
