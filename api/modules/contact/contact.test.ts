import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../../../db/schema";
import { createHarness, type Harness } from "../../testing/harness";

const valid = { name: "Aïssatou Fall", email: "aissatou@example.sn", subject: "Adhésion", message: "Bonjour, je souhaite vous rejoindre." };

describe("contact form", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it("stores a valid message and answers with the spec's text", async () => {
    const { status, json } = await h.call("POST", "/api/public/contact", valid);
    expect(status).toBe(201);
    expect(json).toEqual({ message: "Message envoyé, Merci\u00a0!" });
    const rows = await h.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Aïssatou Fall", subject: "Adhésion" });
  });

  it("refuses a bad e-mail or an empty field with a French message and stores nothing", async () => {
    const before = (await h.database.db.select().from(contactMessages)).length;
    const bad = await h.call("POST", "/api/public/contact", { ...valid, email: "pas-un-email" });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("L'adresse e-mail n'est pas valide.");
    const empty = await h.call("POST", "/api/public/contact", { ...valid, message: "" });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toMatch(/Le message est obligatoire/);
    expect((await h.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it("pretends to accept a message whose honeypot is filled, but drops it", async () => {
    const before = (await h.database.db.select().from(contactMessages)).length;
    const { status } = await h.call("POST", "/api/public/contact", { ...valid, website: "http://spam.example" });
    expect(status).toBe(201);
    expect((await h.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it("limits one address to five messages in fifteen minutes with a 429", async () => {
    const fresh = await createHarness();
    try {
      for (let i = 0; i < 5; i++) expect((await fresh.call("POST", "/api/public/contact", valid)).status).toBe(201);
      const sixth = await fresh.call("POST", "/api/public/contact", valid);
      expect(sixth.status).toBe(429);
      expect(sixth.json.message).toMatch(/Trop de messages/);
      expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another visitor is not affected.
      expect((await fresh.call("POST", "/api/public/contact", valid, { "x-client-ip": "192.0.2.7" })).status).toBe(201);
    } finally {
      fresh.close();
    }
  });
});
