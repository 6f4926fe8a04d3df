/**
 * The smaller back-office lists page through the same helper as the articles: events, themes, contact messages
 * and the journal. Each keeps the spec's whole array without `page` (the journal always paged).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../../db/schema";
import { recordAudit } from "../modules/audit/service";
import { person, send, type Person } from "../modules/articles/test-kit";
import { makeEvent, makeTheme } from "../testing/factory";
import { createHarness, type Harness } from "../testing/harness";

describe("paged back-office lists", () => {
  let h: Harness;
  let chef: Person;
  const get = async (path: string) => (await send(h, "GET", path, undefined, chef.auth)).json;

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    chef = await person(h, "chef", "admin");
    // Created a minute apart: rows made in the same millisecond would be ordered by their random ids.
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await makeEvent(db, { title: "Zénith des idées", startDaysFromNow: 3, createdAt: ago(3) });
    await makeEvent(db, { title: "École d'été", startDaysFromNow: 30, online: false, createdAt: ago(2) });
    await makeEvent(db, { title: "Atelier pêche", startDaysFromNow: -10, createdAt: ago(1) });
    for (const name of ["Société", "Économie", "Mer", "Éducation"]) await makeTheme(db, name);
    const message = (i: number, subject: string, read: boolean) => ({
      id: `c${i}`,
      name: `Expéditeur ${i}`,
      email: `c${i}@exemple.sn`,
      subject,
      message: "Bonjour.",
      createdAt: new Date(Date.now() - i * 60_000),
      readAt: read ? new Date() : null,
    });
    await db.insert(contactMessages).values([message(1, "Question sur l'école", false), message(2, "Partenariat", true), message(3, "Adhésion", false)]);
    const entries: [string, string][] = [["approve", "Économie bleue"], ["delete", "Ancien débat"], ["update", "Mer et littoral"]];
    for (const [i, [action, summary]] of entries.entries()) {
      await recordAudit(db, { userId: chef.id, actor: "chef", action, route: "PUT /x", itemKind: "article", itemId: `a${i}`, summary }, new Date(Date.now() - i * 1000));
    }
  });
  afterAll(() => h.close());

  it("pages events by start (latest first) or title in French order, filtered by status and searched without accents", async () => {
    const titles = (json: { items: { title: string }[] }) => json.items.map((e) => e.title);
    expect(await get("/api/admin/events?page=1")).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(titles(await get("/api/admin/events?page=1"))).toEqual(["École d'été", "Zénith des idées", "Atelier pêche"]);
    expect(titles(await get("/api/admin/events?page=1&sort=title"))).toEqual(["Atelier pêche", "École d'été", "Zénith des idées"]);
    expect(titles(await get("/api/admin/events?page=1&status=offline"))).toEqual(["École d'été"]);
    expect(titles(await get("/api/admin/events?page=1&q=ecole"))).toEqual(["École d'été"]);
    expect(titles(await get("/api/admin/events?page=1&q=PECHE"))).toEqual(["Atelier pêche"]);
    expect(Array.isArray(await get("/api/admin/events"))).toBe(true);
  });

  it("pages events by creation (newest first) and keeps those to come, or those over, apart", async () => {
    const titles = (json: { items: { title: string }[] }) => json.items.map((e) => e.title);
    expect(titles(await get("/api/admin/events?page=1&sort=created"))).toEqual(["Atelier pêche", "École d'été", "Zénith des idées"]);
    expect(titles(await get("/api/admin/events?page=1&sort=created&dir=asc"))).toEqual(["Zénith des idées", "École d'été", "Atelier pêche"]);
    expect(titles(await get("/api/admin/events?page=1&when=upcoming"))).toEqual(["École d'été", "Zénith des idées"]);
    expect(titles(await get("/api/admin/events?page=1&when=past"))).toEqual(["Atelier pêche"]);
    const wrong = await send(h, "GET", "/api/admin/events?page=1&when=soon", undefined, chef.auth);
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toMatch(/Période inconnue/);
  });

  it("lists themes in French order, « Économie » before « Société », whole or paged and searched", async () => {
    const names = (list: { name: string }[]) => list.map((t) => t.name);
    expect(names(await get("/api/admin/themes"))).toEqual(["Économie", "Éducation", "Mer", "Société"]);
    expect(names((await get("/api/user/themes")) as { name: string }[])).toEqual(["Économie", "Éducation", "Mer", "Société"]);
    const page = await get("/api/admin/themes?page=1&q=eco");
    expect(page).toMatchObject({ total: 1 });
    expect(names(page.items)).toEqual(["Économie"]);
  });

  it("pages themes in natural French order, « Thème 2 » before « Thème 10 », either way", async () => {
    for (const name of ["Thème 10", "Thème 2", "Thème 1"]) await makeTheme(h.database.db, name);
    const names = (json: { items: { name: string }[] }) => json.items.map((t) => t.name);
    expect(names(await get("/api/admin/themes?page=1&q=theme"))).toEqual(["Thème 1", "Thème 2", "Thème 10"]);
    expect(names(await get("/api/admin/themes?page=1&q=theme&dir=desc"))).toEqual(["Thème 10", "Thème 2", "Thème 1"]);
    const all = await get("/api/admin/themes?page=2&pageSize=25");
    expect(all).toMatchObject({ total: 7, page: 2, items: [] });
    expect(names(await get("/api/admin/themes?page=1&pageSize=25"))).toEqual(["Économie", "Éducation", "Mer", "Société", "Thème 1", "Thème 2", "Thème 10"]);
  });

  it("pages contact messages newest first or oldest first, unread ones apart, searched through subjects", async () => {
    const subjects = (json: { items: { subject: string }[] }) => json.items.map((m) => m.subject);
    expect(subjects(await get("/api/admin/contact?page=1"))).toEqual(["Question sur l'école", "Partenariat", "Adhésion"]);
    expect(await get("/api/admin/contact?page=1")).toMatchObject({ total: 3, unread: 2 });
    expect(await get("/api/admin/contact?page=1&q=ecole")).toMatchObject({ total: 1, unread: 1 });
    expect(await get("/api/admin/contact?page=1&unread=0")).toMatchObject({ total: 1, unread: 0 });
    expect(subjects(await get("/api/admin/contact?page=1&dir=asc"))).toEqual(["Adhésion", "Partenariat", "Question sur l'école"]);
    expect(subjects(await get("/api/admin/contact?page=1&unread=1"))).toEqual(["Question sur l'école", "Adhésion"]);
    expect(subjects(await get("/api/admin/contact?page=1&unread=0"))).toEqual(["Partenariat"]);
    expect(subjects(await get("/api/admin/contact?page=1&q=ecole"))).toEqual(["Question sur l'école"]);
    expect(subjects(await get("/api/admin/contact?page=1&q=expediteur%202"))).toEqual(["Partenariat"]);
    expect(Array.isArray(await get("/api/admin/contact"))).toBe(true);
  });

  it("pages the journal, filtered by action and actor and searched through summaries", async () => {
    const summaries = (json: { items: { summary: string }[] }) => json.items.map((e) => e.summary);
    expect(summaries(await get("/api/admin/audit"))).toEqual(["Économie bleue", "Ancien débat", "Mer et littoral"]);
    expect(summaries(await get("/api/admin/audit?action=delete"))).toEqual(["Ancien débat"]);
    expect(summaries(await get(`/api/admin/audit?actor=${chef.id}&q=economie`))).toEqual(["Économie bleue"]);
    expect((await get("/api/admin/audit?actor=nobody")).total).toBe(0);
    expect(await get("/api/admin/audit?pageSize=25")).toMatchObject({ pageSize: 25, total: 3 });
  });
});
