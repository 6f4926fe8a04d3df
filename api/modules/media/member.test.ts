import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as sample from "../../lib/uploads/samples";
import { makeMedia } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { changesDuring, formData, person, send, uploaded, type Person } from "../articles/test-kit";

/** Files left in an uploads folder. */
const files = (h: Harness, folder: string) => {
  try {
    return readdirSync(join(h.deps.env.uploadsDir, folder));
  } catch {
    return [];
  }
};

const file = (bytes: Uint8Array<ArrayBuffer>, name: string) => new File([bytes], name);

describe("member media routes", () => {
  let h: Harness;
  let awa: Person;
  let jean: Person;
  let ids: Record<"jeanPublic" | "jeanPending" | "awaPending" | "awaOffline", string>;

  const link = () => ({ title: "Un lien utile", type: "link", description: "Une ressource.", externalUrl: "https://example.org/doc" });

  beforeAll(async () => {
    // 1 MB media files at most, so the size refusal can be tested with a small body.
    h = await createHarness({ UPLOAD_MAX_MB: "1" });
    const db = h.database.db;
    awa = await person(h, "awa");
    jean = await person(h, "jean");
    const jeanPublic = await makeMedia(db, { title: "Public de Jean", uploadedBy: jean.id });
    const jeanPending = await makeMedia(db, { title: "Brouillon de Jean", approved: false, uploadedBy: jean.id });
    const awaPending = await makeMedia(db, { title: "Brouillon d'Awa", approved: false, uploadedBy: awa.id });
    const awaOffline = await makeMedia(db, { title: "Hors ligne d'Awa", online: false, uploadedBy: awa.id });
    ids = { jeanPublic: jeanPublic.id, jeanPending: jeanPending.id, awaPending: awaPending.id, awaOffline: awaOffline.id };
  });
  afterAll(() => h.close());

  it("answers 401 to anonymous callers on every member media route", async () => {
    const routes: [string, string][] = [
      ["GET", "/api/user/media"],
      ["GET", `/api/user/media/${ids.jeanPublic}`],
      ["POST", "/api/user/media"],
      ["PUT", `/api/user/media/${ids.awaPending}`],
      ["DELETE", `/api/user/media/${ids.awaPending}`],
    ];
    for (const [method, path] of routes) {
      const body = method === "POST" || method === "PUT" ? formData(link()) : undefined;
      expect(await send(h, method, path, body), `${method} ${path}`).toEqual({ status: 401, json: { message: "Veuillez vous connecter." } });
    }
  });

  it("lists the caller's media in any state and the other members' public ones", async () => {
    const titles = async (query = "") =>
      (await send(h, "GET", `/api/user/media${query}`, undefined, awa.auth)).json.map((m: { title: string }) => m.title).sort();
    expect(await titles()).toEqual(["Brouillon d'Awa", "Hors ligne d'Awa", "Public de Jean"]);
    expect(await titles("?mine=1")).toEqual(["Brouillon d'Awa", "Hors ligne d'Awa"]);
  });

  it("creates a pending link from JSON and an audio file from multipart, without rebuilding the site", async () => {
    let linkRes: Awaited<ReturnType<typeof send>> = { status: 0, json: null };
    let audio: Awaited<ReturnType<typeof send>> = { status: 0, json: null };
    const changes = await changesDuring(h, async () => {
      linkRes = await send(h, "POST", "/api/user/media", { ...link(), tags: ["mer", "pêche"] }, awa.auth);
      audio = await send(
        h,
        "POST",
        "/api/user/media",
        formData({ title: "Entretien à Gorée", type: "audio", description: "Une voix.", tags: "mer, île", file: file(sample.wav(), "entretien.mp3") }),
        awa.auth,
      );
    });
    expect(linkRes.status).toBe(200);
    expect(linkRes.json).toMatchObject({ type: "link", externalUrl: "https://example.org/doc", path: "", approved: false, online: true, tags: ["mer", "pêche"] });
    expect(linkRes.json.uploadedBy.nickname).toBe("awa");
    expect(audio.status).toBe(200);
    expect(audio.json).toMatchObject({ url: "entretien-a-goree", type: "audio", approved: false, tags: ["mer", "île"] });
    // The stored name is generated, with the extension of the detected format (a WAV sent as .mp3).
    expect(audio.json.path).toMatch(/^\/uploads\/media\/[0-9a-f]+\.wav$/);
    expect(uploaded(h, audio.json.path)).toBe(true);
    expect(changes).toBe(0);
    expect((await send(h, "GET", `/api/public/media/${audio.json.url}`)).status).toBe(404);
  });

  it("refuses bad media forms with the spec's French messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...link(), title: "" }, "Le titre est obligatoire"],
      [{ ...link(), title: "t".repeat(201) }, "Le titre est trop long (max 200 caractères)"],
      [{ ...link(), type: "" }, "Le type de média est obligatoire"],
      [{ ...link(), type: "podcast" }, "Type de média inconnu."],
      [{ ...link(), description: " " }, "La description est obligatoire"],
      [{ ...link(), description: "d".repeat(1001) }, "La description est trop longue (max 1000 caractères)"],
      [{ ...link(), externalUrl: "" }, "L'URL est obligatoire pour une ressource externe"],
      [{ ...link(), type: "external", externalUrl: "pas une adresse" }, "L'URL n'est pas valide"],
      [{ ...link(), externalUrl: "javascript:alert(document.cookie)" }, "L'URL n'est pas valide"],
      [{ ...link(), externalUrl: "data:text/html,<script>alert(1)</script>" }, "L'URL n'est pas valide"],
      [{ ...link(), type: "pdf", externalUrl: undefined }, "Un fichier est obligatoire"],
    ];
    for (const [fields, message] of cases) {
      const multipart = formData(fields as Record<string, string | undefined>);
      expect(await send(h, "POST", "/api/user/media", multipart, awa.auth), message).toEqual({ status: 400, json: { message } });
      expect(await send(h, "POST", "/api/user/media", fields, awa.auth), message).toEqual({ status: 400, json: { message } });
    }
  });

  it("refuses files of the wrong content or too large with 415 and 413, keeping nothing", async () => {
    const before = (await send(h, "GET", "/api/user/media?mine=1", undefined, awa.auth)).json.length;
    const storedBefore = files(h, "media");
    const post = (fields: Record<string, string | File>) => send(h, "POST", "/api/user/media", formData({ ...link(), ...fields }), awa.auth);
    // A PNG renamed .mp3 is a picture, not audio.
    expect(await post({ type: "audio", file: file(await sample.picture("png"), "son.mp3") })).toEqual({
      status: 415,
      json: { message: "Format de fichier non supporté (MP3, WAV, OGG)." },
    });
    const html = await post({ type: "pdf", file: file(sample.html(), "doc.pdf") });
    expect(html.status).toBe(415);
    expect(html.json.message).toMatch(/^Format de fichier non supporté/);
    expect(await post({ type: "video", file: file(sample.mp4(1024 * 1024 + 1), "long.mp4") })).toEqual({
      status: 413,
      json: { message: "Fichier trop volumineux (max 1 Mo)." },
    });
    expect((await send(h, "GET", "/api/user/media?mine=1", undefined, awa.auth)).json.length).toBe(before);
    expect(files(h, "media")).toEqual(storedBefore);
    expect(files(h, ".tmp")).toEqual([]);
  });

  it("sends an approved media its uploader edits back to pending, and replaces its file under a new name", async () => {
    const created = await send(h, "POST", "/api/user/media", formData({ ...link(), type: "pdf", title: "Rapport", file: file(sample.pdf(), "r.pdf") }), awa.auth);
    const id = created.json._id as string;
    const oldPath = created.json.path as string;
    await send(h, "PUT", `/api/admin/media/${id}/approve`, undefined, (await person(h, "chef", "admin")).auth);
    expect((await send(h, "GET", `/api/public/media/${created.json.url}`)).status).toBe(200);

    // Without a new file, the stored one stays.
    const renamed = await send(h, "PUT", `/api/user/media/${id}`, formData({ ...link(), type: "pdf", title: "Rapport annuel" }), awa.auth);
    expect(renamed.json).toMatchObject({ title: "Rapport annuel", path: oldPath, approved: false, url: created.json.url });
    expect((await send(h, "GET", `/api/public/media/${created.json.url}`)).status).toBe(404);

    const replaced = await send(
      h,
      "PUT",
      `/api/user/media/${id}`,
      formData({ ...link(), type: "pdf", title: "Rapport annuel", file: file(sample.pdf(7000), "r2.pdf") }),
      awa.auth,
    );
    expect(replaced.json.path).not.toBe(oldPath);
    expect(uploaded(h, replaced.json.path)).toBe(true);
    expect(uploaded(h, oldPath)).toBe(false);

    // Another type needs a file of that type; becoming a link drops the file.
    expect(await send(h, "PUT", `/api/user/media/${id}`, { ...link(), type: "audio" }, awa.auth)).toEqual({
      status: 400,
      json: { message: "Un fichier est obligatoire" },
    });
    const asLink = await send(h, "PUT", `/api/user/media/${id}`, link(), awa.auth);
    expect(asLink.json).toMatchObject({ type: "link", path: "" });
    expect(uploaded(h, replaced.json.path)).toBe(false);
  });

  it("refuses with 403 to edit or delete another member's media, and 404 for an unknown one", async () => {
    const forbidden = { status: 403, json: { message: "Ce média n'est pas le vôtre\u00a0: seul son auteur peut le modifier ou le supprimer." } };
    expect(await send(h, "PUT", `/api/user/media/${ids.jeanPublic}`, formData(link()), awa.auth)).toEqual(forbidden);
    expect(await send(h, "PUT", `/api/user/media/${ids.jeanPending}`, link(), awa.auth)).toEqual(forbidden);
    expect(await send(h, "DELETE", `/api/user/media/${ids.jeanPublic}`, undefined, awa.auth)).toEqual(forbidden);
    const unknown = { status: 404, json: { message: "Média non disponible." } };
    expect(await send(h, "PUT", "/api/user/media/000000000000000000000000", link(), awa.auth)).toEqual(unknown);
    expect(await send(h, "DELETE", "/api/user/media/000000000000000000000000", undefined, awa.auth)).toEqual(unknown);
    expect((await send(h, "GET", `/api/public/media/${(await send(h, "GET", `/api/user/media/${ids.jeanPublic}`, undefined, jean.auth)).json.url}`)).status).toBe(200);
  });

  it("moves the caller's deleted media to the trash, its files (thumbnail included) removed once purged", async () => {
    const created = await send(
      h,
      "POST",
      "/api/user/media",
      formData({ ...link(), type: "image", title: "Photo", file: file(await sample.picture("jpeg", 640, 480), "p.jpg") }),
      awa.auth,
    );
    expect(created.status).toBe(200);
    const thumb = `media_thumbnails/${created.json.thumbnail}`;
    expect(uploaded(h, created.json.path)).toBe(true);
    expect(uploaded(h, thumb)).toBe(true);
    expect(await changesDuring(h, () => send(h, "DELETE", `/api/user/media/${created.json._id}`, undefined, awa.auth))).toBe(1);
    expect((await send(h, "GET", `/api/user/media/${created.json._id}`, undefined, awa.auth)).status).toBe(404);
    expect(uploaded(h, created.json.path)).toBe(true);
    expect((await send(h, "DELETE", `/api/user/trash/media/${created.json._id}`, undefined, awa.auth)).status).toBe(200);
    expect(uploaded(h, created.json.path)).toBe(false);
    expect(uploaded(h, thumb)).toBe(false);
  });
});
