import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../../../db/schema";
import { createHarness, type Harness } from "../../testing/harness";
import { audiences, person, send, type Person } from "../users/test-kit";

const valid = { name: "Aïssatou Fall", email: "aissatou@example.sn", subject: "Adhésion", message: "Bonjour." };

describe("contact inbox for admins", () => {
  let h: Harness;
  let admin: Person;
  let member: Person;

  beforeAll(async () => {
    h = await createHarness();
    admin = await person(h, "chef", "admin");
    member = await person(h, "simple");
    const day = 86_400_000;
    await h.database.db.insert(contactMessages).values([
      { id: "a".repeat(24), ...valid, subject: "Ancien", createdAt: new Date(Date.now() - 2 * day) },
      { id: "b".repeat(24), ...valid, subject: "Récent", createdAt: new Date(Date.now() - day) },
    ]);
  });
  afterAll(() => h.close());

  it("is for admins only: 401 anonymous, 403 member", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/contact"],
      ["PUT", "/api/admin/contact/x/read"],
      ["DELETE", "/api/admin/contact/x"],
    ] as const) {
      expect(await audiences(h, member, method, path), `${method} ${path}`).toEqual({ anonymous: 401, member: 403 });
    }
  });

  it("lists messages newest first, unread", async () => {
    const { status, json } = await send(h, "GET", "/api/admin/contact", undefined, admin.auth);
    expect(status).toBe(200);
    expect(json.map((m: { subject: string }) => m.subject)).toEqual(["Récent", "Ancien"]);
    expect(json[0]).toMatchObject({ read: false, email: valid.email });
    expect(json[0]).not.toHaveProperty("ip");
  });

  it("marks a message read, then unread again, without a rebuild", async () => {
    const changes = h.changes;
    const read = await send(h, "PUT", `/api/admin/contact/${"b".repeat(24)}/read`, undefined, admin.auth);
    expect(read).toMatchObject({ status: 200, json: { read: true } });
    expect((await send(h, "GET", "/api/admin/contact", undefined, admin.auth)).json[0].read).toBe(true);
    expect((await send(h, "PUT", `/api/admin/contact/${"b".repeat(24)}/read`, undefined, admin.auth)).json.read).toBe(false);
    expect(h.changes).toBe(changes);
  });

  it("deletes a message, and answers 404 in French for an unknown one", async () => {
    expect((await send(h, "DELETE", `/api/admin/contact/${"a".repeat(24)}`, undefined, admin.auth)).json.message).toBe("Message supprimé.");
    const again = await send(h, "DELETE", `/api/admin/contact/${"a".repeat(24)}`, undefined, admin.auth);
    expect(again).toMatchObject({ status: 404, json: { message: "Message introuvable." } });
    expect((await send(h, "PUT", "/api/admin/contact/zzz/read", undefined, admin.auth)).status).toBe(404);
  });

  it("refuses contact fields made only of spaces like empty ones", async () => {
    for (const field of ["name", "subject", "message"]) {
      const r = await send(h, "POST", "/api/public/contact", { ...valid, [field]: "   " }, { "x-client-ip": `198.51.100.${field.length}` });
      expect(r.status, field).toBe(400);
      expect(r.json.message, field).toMatch(/obligatoire/);
    }
  });
});
