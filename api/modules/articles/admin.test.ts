import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as sample from "../../lib/uploads/samples";
import { makeArticle, makeMedia, makeTheme, makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { changesDuring, formData, person, send, uploaded, type Person } from "./test-kit";

describe("admin article routes", () => {
  let h: Harness;
  let chef: Person;
  let awa: Person;
  let theme: { id: string };
  let ids: Record<"zebre" | "eau" | "economie" | "pending" | "offline" | "diop" | "ba", string>;

  const valid = () => ({ title: "Note de l'équipe", txt_content: "Texte.", themes: [theme.id] });
  const titles = (json: { items: { title: string }[] }) => json.items.map((a) => a.title);

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    chef = await person(h, "chef", "admin");
    awa = await person(h, "awa");
    theme = await makeTheme(db, "Gouvernance");
    const diop = await makeUser(db, { firstname: "Moussa", name: "Diop" });
    const ba = await makeUser(db, { firstname: "Khady", name: "Bâ" });
    const zebre = await makeArticle(db, { title: "Zèbres", daysAgo: 1, authors: [diop.id], themes: [theme.id] });
    const eau = await makeArticle(db, { title: "L'eau", daysAgo: 2, authors: [ba.id, diop.id], themes: [theme.id] });
    const economie = await makeArticle(db, { title: "Économie", daysAgo: 3, authors: [diop.id], themes: [theme.id] });
    const pending = await makeArticle(db, { title: "En attente", daysAgo: 4, approved: false, authors: [awa.id], themes: [theme.id] });
    const offline = await makeArticle(db, { title: "Retiré", daysAgo: 5, online: false, themes: [theme.id] });
    ids = { zebre: zebre.id, eau: eau.id, economie: economie.id, pending: pending.id, offline: offline.id, diop: diop.id, ba: ba.id };
  });
  afterAll(() => h.close());

  it("answers 401 to anonymous callers and 403 to members on every admin article route", async () => {
    const id = ids.pending;
    const routes: [string, string][] = [
      ["GET", "/api/admin/articles"],
      ["GET", `/api/admin/articles/${id}`],
      ["POST", "/api/admin/articles"],
      ["PUT", `/api/admin/articles/${id}`],
      ["DELETE", `/api/admin/articles/${id}`],
      ["PUT", `/api/admin/articles/${id}/approve`],
      ["PUT", `/api/admin/articles/${id}/online`],
      ["PUT", `/api/admin/articles/${id}/article-pic/original`],
      ["POST", `/api/admin/articles/${id}/article-pic-crop`],
      ["DELETE", `/api/admin/articles/${id}/article-pic`],
    ];
    for (const [method, path] of routes) {
      const body = method === "POST" || method === "PUT" ? valid() : undefined;
      expect(await send(h, method, path, body), `${method} ${path}`).toEqual({ status: 401, json: { message: "Veuillez vous connecter." } });
      expect(await send(h, method, path, body, awa.auth), `${method} ${path}`).toEqual({
        status: 403,
        json: { message: "Accès réservé aux administrateurs." },
      });
    }
    // Still pending: the member's attempts changed nothing.
    expect((await send(h, "GET", `/api/admin/articles/${id}`, undefined, chef.auth)).json.approved).toBe(false);
  });

  it("pages every article with its total, newest first by default", async () => {
    const { status, json } = await send(h, "GET", "/api/admin/articles?pageSize=25", undefined, chef.auth);
    expect(status).toBe(200);
    expect(json).toMatchObject({ total: 5, page: 1, pageSize: 25 });
    expect(titles(json)).toEqual(["Zèbres", "L'eau", "Économie", "En attente", "Retiré"]);
    expect(json.items[3]).toMatchObject({ approved: false, online: true, mediaCount: 0 });
    // Past the last page: no rows, the same total.
    expect((await send(h, "GET", "/api/admin/articles?pageSize=25&page=2", undefined, chef.auth)).json).toMatchObject({ items: [], total: 5, page: 2 });
  });

  it("sorts by title in French order, by first author's name and by status (pending first), both ways", async () => {
    const sorted = async (query: string) => titles((await send(h, "GET", `/api/admin/articles?${query}`, undefined, chef.auth)).json);
    expect(await sorted("sort=title")).toEqual(["Économie", "En attente", "L'eau", "Retiré", "Zèbres"]);
    expect(await sorted("sort=title&dir=desc")).toEqual(["Zèbres", "Retiré", "L'eau", "En attente", "Économie"]);
    // Bâ before Diop (newest first among Diop's); articles without an author last.
    expect(await sorted("sort=author")).toEqual(["L'eau", "Zèbres", "Économie", "En attente", "Retiré"]);
    expect(await sorted("sort=status")).toEqual(["En attente", "Retiré", "Zèbres", "L'eau", "Économie"]);
    expect(await sorted("sort=recent&dir=asc")).toEqual(["Retiré", "En attente", "Économie", "L'eau", "Zèbres"]);
  });

  it("filters by status, theme, author and dates, and searches without caring for accents, case or word ends", async () => {
    const get = async (query: string) => (await send(h, "GET", `/api/admin/articles?${query}`, undefined, chef.auth)).json;
    expect(titles(await get("status=pending"))).toEqual(["En attente"]);
    expect(titles(await get("status=offline"))).toEqual(["Retiré"]);
    expect((await get("status=approved")).total).toBe(4);
    expect(titles(await get("q=ECONOMIE"))).toEqual(["Économie"]);
    expect(titles(await get("q=econ"))).toEqual(["Économie"]);
    expect(titles(await get("q=zebres&status=pending"))).toEqual([]);
    expect(titles(await get(`author=${ids.ba}`))).toEqual(["L'eau"]);
    expect((await get(`theme=${theme.id}`)).total).toBe(5);
    expect((await get("theme=000000000000000000000000")).total).toBe(0);
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    expect(titles(await get(`from=${day(3)}&to=${day(2)}`))).toEqual(["L'eau", "Économie"]);
  });

  it("refuses unknown sorts, statuses, page sizes and dates with French messages", async () => {
    const bad = async (query: string) => send(h, "GET", `/api/admin/articles?${query}`, undefined, chef.auth);
    expect(await bad("sort=color")).toEqual({ status: 400, json: { message: "Tri inconnu (recent, title, author ou status)." } });
    expect(await bad("dir=up")).toEqual({ status: 400, json: { message: "Sens de tri inconnu (asc ou desc)." } });
    expect(await bad("status=lost")).toEqual({ status: 400, json: { message: "Statut inconnu (draft, pending, edited, scheduled, approved, online ou offline)." } });
    expect(await bad("pageSize=5000")).toEqual({ status: 400, json: { message: "Taille de page invalide (25, 50 ou 100)." } });
    expect(await bad("pageSize=30")).toEqual({ status: 400, json: { message: "Taille de page invalide (25, 50 ou 100)." } });
    expect(await bad("from=hier")).toEqual({ status: 400, json: { message: "Date de début invalide (AAAA-MM-JJ)." } });
    expect(await bad("to=2025-13-45")).toEqual({ status: 400, json: { message: "Date invalide (AAAA-MM-JJ)." } });
  });

  it("creates an approved article with the authors the admin chose, in their order, and rebuilds", async () => {
    let res: Awaited<ReturnType<typeof send>> = { status: 0, json: null };
    const changes = await changesDuring(h, async () => {
      res = await send(h, "POST", "/api/admin/articles", formData({ ...valid(), authors: [ids.ba, ids.diop] }), chef.auth);
    });
    expect(res.status).toBe(200);
    expect(res.json.approved).toBe(true);
    expect(res.json.authors.map((a: { _id: string }) => a._id)).toEqual([ids.ba, ids.diop]);
    expect(changes).toBe(1);
    expect((await send(h, "GET", `/api/public/article/${res.json.url}`)).status).toBe(200);
    // Without authors, the admin signs it.
    const own = await send(h, "POST", "/api/admin/articles", { ...valid(), title: "Sans auteur choisi" }, chef.auth);
    expect(own.json.authors.map((a: { nickname: string }) => a.nickname)).toEqual(["chef"]);
  });

  it("refuses bad admin article forms with French messages", async () => {
    expect(await send(h, "POST", "/api/admin/articles", { ...valid(), authors: ["000000000000000000000000"] }, chef.auth)).toEqual({
      status: 400,
      json: { message: "Auteur inconnu." },
    });
    expect(await send(h, "POST", "/api/admin/articles", { ...valid(), title: "" }, chef.auth)).toEqual({
      status: 400,
      json: { message: "Le titre est obligatoire" },
    });
    expect(await send(h, "PUT", "/api/admin/articles/000000000000000000000000", valid(), chef.auth)).toEqual({
      status: 404,
      json: { message: "Article non trouvé." },
    });
  });

  it("edits any article without changing its approval, and may replace its authors", async () => {
    const hidden = await makeMedia(h.database.db, { approved: false, uploadedBy: awa.id });
    const res = await send(
      h,
      "PUT",
      `/api/admin/articles/${ids.zebre}`,
      { ...valid(), title: "Zèbres (revu)", authors: [ids.ba], media: [hidden.id] },
      chef.auth,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ title: "Zèbres (revu)", approved: true });
    expect(res.json.authors.map((a: { _id: string }) => a._id)).toEqual([ids.ba]);
    // An admin may attach any media, pending ones included.
    expect(res.json.media.map((m: { _id: string }) => m._id)).toEqual([hidden.id]);
  });

  it("toggles approval and online state and answers the new values with the spec's messages", async () => {
    const path = `/api/admin/articles/${ids.pending}`;
    let approve: Awaited<ReturnType<typeof send>> = { status: 0, json: null };
    const changes = await changesDuring(h, async () => {
      approve = await send(h, "PUT", `${path}/approve`, undefined, chef.auth);
    });
    expect(approve).toEqual({ status: 200, json: { _id: ids.pending, approved: true, online: true, message: "Article approuvé\u00a0!" } });
    expect(changes).toBe(1);
    expect((await send(h, "GET", "/api/public/articles")).json.map((a: { title: string }) => a.title)).toContain("En attente");

    const off = await send(h, "PUT", `${path}/online`, undefined, chef.auth);
    expect(off.json).toMatchObject({ online: false, message: "Article mis hors ligne\u00a0!" });
    expect((await send(h, "GET", "/api/public/articles")).json.map((a: { title: string }) => a.title)).not.toContain("En attente");
    // An explicit value sets rather than flips, so repeating it is harmless.
    expect((await send(h, "PUT", `${path}/online`, { online: true }, chef.auth)).json).toMatchObject({ online: true, message: "Article mis en ligne\u00a0!" });
    expect((await send(h, "PUT", `${path}/online`, { online: true }, chef.auth)).json.online).toBe(true);
    expect((await send(h, "PUT", `${path}/approve`, { approved: false }, chef.auth)).json).toMatchObject({
      approved: false,
      message: "Article désapprouvé\u00a0!",
    });
    // Approving an offline article changes nothing the public sees: no rebuild.
    expect(await changesDuring(h, () => send(h, "PUT", `/api/admin/articles/${ids.offline}/approve`, { approved: false }, chef.auth))).toBe(0);
    expect(await send(h, "PUT", `${path}/online`, { online: "oui" }, chef.auth)).toEqual({ status: 400, json: { message: "Valeur invalide." } });
    expect((await send(h, "PUT", "/api/admin/articles/000000000000000000000000/approve", undefined, chef.auth)).status).toBe(404);
  });

  it("sets and removes any article's picture and moves any deleted article to the trash, its files removed once purged", async () => {
    const article = await makeArticle(h.database.db, { authors: [awa.id], themes: [theme.id] });
    const crop = await send(
      h,
      "POST",
      `/api/admin/articles/${article.id}/article-pic-crop`,
      formData({ croppedPic: new File([await sample.picture("webp", 1000, 600)], "c.webp") }),
      chef.auth,
    );
    expect(crop.status).toBe(200);
    const file = `article_pics/${crop.json.articlePic}`;
    expect(uploaded(h, file)).toBe(true);
    // An admin's picture does not send the article back to review.
    expect((await send(h, "GET", `/api/admin/articles/${article.id}`, undefined, chef.auth)).json.approved).toBe(true);
    const gone = await send(h, "DELETE", `/api/admin/articles/${article.id}`, undefined, chef.auth);
    expect(gone).toEqual({ status: 200, json: { message: "Article supprimé avec succès." } });
    expect(uploaded(h, file)).toBe(true);
    expect((await send(h, "DELETE", `/api/admin/articles/${article.id}`, undefined, chef.auth)).status).toBe(404);
    expect((await send(h, "DELETE", `/api/admin/trash/article/${article.id}`, undefined, chef.auth)).status).toBe(200);
    expect(uploaded(h, file)).toBe(false);
  });
});
