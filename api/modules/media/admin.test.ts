import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as sample from "../../lib/uploads/samples";
import { makeArticle, makeMedia } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { changesDuring, formData, person, send, uploaded, type Person } from "../articles/test-kit";

describe("admin media routes", () => {
  let h: Harness;
  let chef: Person;
  let awa: Person;
  let ids: Record<"pending" | "offline" | "published", string>;

  const link = () => ({ title: "Ressource de l'Institut", type: "external", description: "Une page.", externalUrl: "https://example.org/" });

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    chef = await person(h, "chef", "admin");
    awa = await person(h, "awa");
    const pending = await makeMedia(db, { title: "Écoute en attente", approved: false, uploadedBy: awa.id, daysAgo: 1 });
    const offline = await makeMedia(db, { title: "Retirée", online: false, daysAgo: 2 });
    const published = await makeMedia(db, { title: "Publiée", daysAgo: 3 });
    ids = { pending: pending.id, offline: offline.id, published: published.id };
  });
  afterAll(() => h.close());

  it("answers 401 to anonymous callers and 403 to members on every admin media route", async () => {
    const id = ids.pending;
    const routes: [string, string][] = [
      ["GET", "/api/admin/media"],
      ["GET", `/api/admin/media/${id}`],
      ["POST", "/api/admin/media"],
      ["PUT", `/api/admin/media/${id}`],
      ["DELETE", `/api/admin/media/${id}`],
      ["PUT", `/api/admin/media/${id}/approve`],
      ["PUT", `/api/admin/media/${id}/online`],
    ];
    for (const [method, path] of routes) {
      const body = method === "POST" || (method === "PUT" && path.endsWith(id)) ? formData(link()) : undefined;
      expect(await send(h, method, path, body), `${method} ${path}`).toEqual({ status: 401, json: { message: "Veuillez vous connecter." } });
      expect(await send(h, method, path, body, awa.auth), `${method} ${path}`).toEqual({
        status: 403,
        json: { message: "Accès réservé aux administrateurs." },
      });
    }
    expect((await send(h, "GET", `/api/admin/media/${id}`, undefined, chef.auth)).json).toMatchObject({ approved: false, title: "Écoute en attente" });
  });

  it("lists every media newest first, filtered by status or searched without caring for accents", async () => {
    const titles = async (query = "") =>
      (await send(h, "GET", `/api/admin/media${query}`, undefined, chef.auth)).json.map((m: { title: string }) => m.title);
    expect(await titles()).toEqual(["Écoute en attente", "Retirée", "Publiée"]);
    expect(await titles("?status=pending")).toEqual(["Écoute en attente"]);
    expect(await titles("?status=offline")).toEqual(["Retirée"]);
    expect(await titles("?q=ECOUTE")).toEqual(["Écoute en attente"]);
    expect(await send(h, "GET", "/api/admin/media?status=lost", undefined, chef.auth)).toEqual({
      status: 400,
      json: { message: "Statut inconnu (pending, approved, online ou offline)." },
    });
  });

  it("creates an approved media (file or link), rebuilds, and refuses bad forms in French", async () => {
    let res: Awaited<ReturnType<typeof send>> = { status: 0, json: null };
    const changes = await changesDuring(h, async () => {
      res = await send(
        h,
        "POST",
        "/api/admin/media",
        formData({ title: "Vidéo du colloque", type: "video", description: "Ouverture.", file: new File([sample.mp4()], "v.mp4") }),
        chef.auth,
      );
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ type: "video", approved: true, online: true });
    expect(res.json.uploadedBy.nickname).toBe("chef");
    expect(uploaded(h, res.json.path)).toBe(true);
    expect(changes).toBe(1);
    expect((await send(h, "GET", `/api/public/media/${res.json.url}`)).status).toBe(200);

    expect((await send(h, "POST", "/api/admin/media", link(), chef.auth)).status).toBe(200);
    expect(await send(h, "POST", "/api/admin/media", { ...link(), externalUrl: "javascript:alert(1)" }, chef.auth)).toEqual({
      status: 400,
      json: { message: "L'URL n'est pas valide" },
    });
    expect(await send(h, "POST", "/api/admin/media", formData({ ...link(), type: "video" }), chef.auth)).toEqual({
      status: 400,
      json: { message: "Un fichier est obligatoire" },
    });
  });

  it("edits any member's media without changing its approval", async () => {
    const res = await send(h, "PUT", `/api/admin/media/${ids.published}`, formData({ ...link(), title: "Publiée (revue)" }), chef.auth);
    expect(res.json).toMatchObject({ title: "Publiée (revue)", approved: true, type: "external" });
    expect((await send(h, "PUT", "/api/admin/media/000000000000000000000000", link(), chef.auth)).status).toBe(404);
  });

  it("toggles approval and online state and answers the new values with the spec's messages", async () => {
    const path = `/api/admin/media/${ids.pending}`;
    expect(await send(h, "PUT", `${path}/approve`, undefined, chef.auth)).toEqual({
      status: 200,
      json: { _id: ids.pending, approved: true, online: true, message: "Média approuvé\u00a0!" },
    });
    expect((await send(h, "GET", "/api/public/media")).json.map((m: { title: string }) => m.title)).toContain("Écoute en attente");
    expect((await send(h, "PUT", `${path}/online`, undefined, chef.auth)).json).toMatchObject({ online: false, message: "Média mis hors ligne\u00a0!" });
    expect((await send(h, "PUT", `${path}/online`, { online: true }, chef.auth)).json).toMatchObject({ online: true, message: "Média mis en ligne\u00a0!" });
    expect((await send(h, "PUT", `${path}/approve`, { approved: false }, chef.auth)).json).toMatchObject({
      approved: false,
      message: "Média désapprouvé\u00a0!",
    });
    expect((await send(h, "GET", "/api/public/media")).json.map((m: { title: string }) => m.title)).not.toContain("Écoute en attente");
    // The offline media stays invisible whatever its approval: no rebuild for that.
    expect(await changesDuring(h, () => send(h, "PUT", `/api/admin/media/${ids.offline}/approve`, undefined, chef.auth))).toBe(0);
  });

  it("moves any deleted media to the trash (articles stop listing it), its files removed once purged", async () => {
    const created = await send(
      h,
      "POST",
      "/api/admin/media",
      formData({ title: "Affiche", type: "image", description: "Affiche.", file: new File([await sample.picture("png", 500, 300)], "a.png") }),
      chef.auth,
    );
    const article = await makeArticle(h.database.db, { media: [created.json._id] });
    expect(await send(h, "DELETE", `/api/admin/media/${created.json._id}`, undefined, chef.auth)).toEqual({
      status: 200,
      json: { message: "Média supprimé." },
    });
    expect(uploaded(h, created.json.path)).toBe(true);
    expect((await send(h, "GET", `/api/public/article/${article.url}`)).json.media).toEqual([]);
    expect((await send(h, "DELETE", `/api/admin/media/${created.json._id}`, undefined, chef.auth)).status).toBe(404);
    expect((await send(h, "DELETE", `/api/admin/trash/media/${created.json._id}`, undefined, chef.auth)).status).toBe(200);
    expect(uploaded(h, created.json.path)).toBe(false);
    expect(uploaded(h, `media_thumbnails/${created.json.thumbnail}`)).toBe(false);
  });
});
