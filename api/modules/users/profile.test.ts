import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../testing/harness";
import { formData, person, send, type Person } from "./test-kit";

const PASSWORD = "Ancien-Mot-2025!";

describe("a member's profile form (PUT /api/user/profile)", () => {
  let h: Harness;
  let me: Person;
  const form = (o: Record<string, string> = {}) => ({
    firstname: "Fatou",
    name: "Sarr",
    nickname: me.nickname,
    email: "fatou@example.sn",
    domain: "Éducation",
    biography: "Enseignante à Gorée.",
    ...o,
  });

  beforeAll(async () => {
    h = await createHarness();
    me = await person(h, "fatou", "user", PASSWORD);
    // The form keeps this address: changing it needs the current password (api/modules/auth/google-takeover.test.ts).
    await h.database.client.execute({ sql: "update users set email = 'fatou@example.sn' where id = ?", args: [me.id] });
  });
  afterAll(() => h.close());

  it("is for signed-in members only", async () => {
    expect((await send(h, "PUT", "/api/user/profile", formData(form()))).status).toBe(401);
  });

  it("saves the multipart fields with social links as JSON text, and asks for a rebuild", async () => {
    const changes = h.changes;
    const links = JSON.stringify({ website: " https://fatou.sn ", twitter: "" });
    const { status, json } = await send(h, "PUT", "/api/user/profile", formData(form({ socialLinks: links, firstname: "  Fatou " })), me.auth);
    expect(status).toBe(200);
    expect(json).toMatchObject({ firstname: "Fatou", domain: "Éducation", biography: "Enseignante à Gorée." });
    expect(json.socialLinks).toMatchObject({ website: "https://fatou.sn", twitter: "", linkedin: "" });
    expect(h.changes).toBe(changes + 1);
  });

  it("takes the same fields as JSON, social links as an object", async () => {
    const { status, json } = await send(h, "PUT", "/api/user/profile", { ...form(), socialLinks: { linkedin: "https://linkedin.com/in/fatou" } }, me.auth);
    expect(status).toBe(200);
    expect(json.socialLinks.linkedin).toBe("https://linkedin.com/in/fatou");
    // Links not sent are kept.
    expect(json.socialLinks.website).toBe("https://fatou.sn");
  });

  it("refuses missing required fields and bad values in French", async () => {
    const blank = await send(h, "PUT", "/api/user/profile", formData(form({ name: "  " })), me.auth);
    expect(blank).toMatchObject({ status: 400, json: { message: "Le nom est obligatoire (80 caractères au plus)." } });
    const mail = await send(h, "PUT", "/api/user/profile", formData(form({ email: "pas-un-mail" })), me.auth);
    expect(mail).toMatchObject({ status: 400, json: { message: "L'adresse e-mail n'est pas valide." } });
    const links = await send(h, "PUT", "/api/user/profile", formData(form({ socialLinks: JSON.stringify({ website: "x".repeat(400) }) })), me.auth);
    expect(links).toMatchObject({ status: 400, json: { message: "Lien trop long (300 caractères au plus)." } });
    const reserved = await send(h, "PUT", "/api/user/profile", formData(form({ nickname: "dashboard" })), me.auth);
    expect(reserved.status).toBe(400);
  });

  it("changes the password with the spec's two messages", async () => {
    const noCurrent = await send(h, "PUT", "/api/user/profile", formData(form({ newPassword: "Nouveau-Mot-2026!" })), me.auth);
    expect(noCurrent).toMatchObject({ status: 400, json: { message: "Veuillez entrer votre mot de passe actuel." } });
    const weak = await send(h, "PUT", "/api/user/profile", formData(form({ currentPassword: PASSWORD, newPassword: "faible" })), me.auth);
    expect(weak).toMatchObject({ status: 400, json: { message: "Le nouveau mot de passe est invalide." } });
    const ok = await send(h, "PUT", "/api/user/profile", formData(form({ currentPassword: PASSWORD, newPassword: "Nouveau-Mot-2026!" })), me.auth);
    expect(ok.status).toBe(200);
    expect((await send(h, "POST", "/api/auth/login", { nickname: me.nickname, password: "Nouveau-Mot-2026!" })).status).toBe(200);
  });

  it("limits wrong current passwords to five per member in 15 minutes (429), the right one included", async () => {
    const guesser = await person(h, "devineur", "user", PASSWORD);
    const body = (current: string) =>
      formData({ firstname: "D", name: "V", nickname: guesser.nickname, email: "devineur@example.sn", currentPassword: current, newPassword: "Nouveau-Mot-2026!" });
    for (let i = 0; i < 5; i++) {
      const wrong = await send(h, "PUT", "/api/user/profile", body(`Mauvais-${i}-2025!`), guesser.auth);
      expect(wrong).toMatchObject({ status: 400, json: { message: "Le mot de passe actuel est incorrect." } });
    }
    const blocked = await send(h, "PUT", "/api/user/profile", body(PASSWORD), guesser.auth);
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toMatch(/Trop d'essais/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // The same limit covers PUT /api/user/me.
    const viaMe = await send(h, "PUT", "/api/user/me", { firstname: "D", name: "V", nickname: guesser.nickname, email: "devineur@example.sn", currentPassword: PASSWORD, newPassword: "Nouveau-Mot-2026!" }, guesser.auth);
    expect(viaMe.status).toBe(429);
  });
});
