import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as sample from "../../lib/uploads/samples";
import { createHarness, type Harness } from "../../testing/harness";
import { formData, person, send, type Person } from "../articles/test-kit";

/** Issue 19 §3.15: the edit form showed the generated file name; it shows the uploader's own name and type now. */
describe("a media file keeps the name its uploader gave it", () => {
  let h: Harness;
  let awa: Person;
  const base = { title: "Rapport de mission", type: "pdf", description: "Le rapport." };

  beforeAll(async () => {
    h = await createHarness();
    awa = await person(h, "awa");
  });
  afterAll(() => h.close());

  it("answers the original name, the detected type and the size, and keeps them until another file is sent", async () => {
    const pdf = sample.pdf(5000);
    const created = await send(h, "POST", "/api/user/media", formData({ ...base, file: new File([pdf], "Rapport mission Gorée\u0007.pdf") }), awa.auth);
    expect(created.status).toBe(200);
    expect(created.json.path).not.toContain("Rapport");
    expect(created.json.file).toEqual({ name: "Rapport mission Gorée.pdf", mime: "application/pdf", size: pdf.byteLength });

    const id = created.json._id as string;
    const renamed = await send(h, "PUT", `/api/user/media/${id}`, formData({ ...base, title: "Rapport annuel" }), awa.auth);
    expect(renamed.json.file).toEqual(created.json.file);

    const replaced = await send(h, "PUT", `/api/user/media/${id}`, formData({ ...base, file: new File([sample.pdf(6000)], "v2.pdf") }), awa.auth);
    expect(replaced.json.file).toMatchObject({ name: "v2.pdf", mime: "application/pdf" });

    const asLink = await send(h, "PUT", `/api/user/media/${id}`, { ...base, type: "link", externalUrl: "https://example.org/r" }, awa.auth);
    expect(asLink.json.file).toBeNull();
  });
});
