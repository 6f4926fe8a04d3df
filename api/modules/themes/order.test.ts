import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { person, send, type Person } from "../users/test-kit";

/** Issue 19 §3.9: the database compares bytes, so « Économie » came after « Société ». */
describe("theme lists in French alphabetical order", () => {
  let h: Harness;
  let admin: Person;
  const names = ["Société", "Économie", "éducation", "Zones humides", "Thème 10", "Thème 2", "Agriculture"];
  const french = ["Agriculture", "Économie", "éducation", "Société", "Thème 2", "Thème 10", "Zones humides"];

  beforeAll(async () => {
    h = await createHarness();
    admin = await person(h, "ordre", "admin");
    for (const n of names) await makeTheme(h.database.db, n);
  });
  afterAll(() => h.close());

  it("sorts the themes of the article form, the public list and the admin list with French collation", async () => {
    for (const path of ["/api/user/themes", "/api/public/themes", "/api/admin/themes"]) {
      const { status, json } = await send(h, "GET", path, undefined, admin.auth);
      expect(status, path).toBe(200);
      expect(
        (json as { name: string }[]).map((t) => t.name).filter((n) => names.includes(n)),
        path,
      ).toEqual(french);
    }
  });
});
