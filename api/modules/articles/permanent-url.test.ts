import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { purgeExpired } from "../trash/purge";
import { TRASH_DAYS } from "../trash/model";
import { person, send, type Person } from "./test-kit";

/**
 * Issue 35 §2: a citation names the article's page (/article/{url}), so that address must never move. The slug is
 * chosen once from the first title; renaming the article, by its author or an admin, keeps it, and no other
 * article can take it, while this one exists (in the trash included) or after it was purged.
 */
describe("an article's permanent address", () => {
  let h: Harness;
  let awa: Person;
  let chef: Person;
  let theme: { id: string };

  beforeAll(async () => {
    h = await createHarness();
    awa = await person(h, "awa");
    chef = await person(h, "chef", "admin");
    theme = await makeTheme(h.database.db, "Gouvernance");
  });
  afterAll(() => h.close());

  const body = (title: string) => ({ title, txt_content: "Texte.", html_content: "<p>Texte.</p>", themes: [theme.id] });

  it("keeps its url when its title changes, and gives the old title's slug to nobody else", async () => {
    const created = (await send(h, "POST", "/api/user/articles", body("Budgets participatifs à Rufisque"), awa.auth)).json as { _id: string; url: string };
    expect(created.url).toBe("budgets-participatifs-a-rufisque");
    expect((await send(h, "PUT", `/api/admin/articles/${created._id}/approve`, { approved: true }, chef.auth)).status).toBe(200);

    const renamed = await send(h, "PUT", `/api/admin/articles/${created._id}`, { title: "Les budgets participatifs, dix ans après", txt_content: "Texte." }, chef.auth);
    expect(renamed.json).toMatchObject({ _id: created._id, url: created.url, title: "Les budgets participatifs, dix ans après" });
    const page = await send(h, "GET", `/api/public/article/${created.url}`);
    expect(page.json).toMatchObject({ _id: created._id, title: "Les budgets participatifs, dix ans après" });

    // A new article under the first title gets its own address; the cited one still names the first article.
    const second = (await send(h, "POST", "/api/user/articles", body("Budgets participatifs à Rufisque"), awa.auth)).json as { url: string };
    expect(second.url).not.toBe(created.url);

    // In the trash, the article still holds its address.
    expect((await send(h, "DELETE", `/api/user/articles/${created._id}`, undefined, awa.auth)).status).toBe(200);
    const third = (await send(h, "POST", "/api/user/articles", body("Budgets participatifs à Rufisque"), awa.auth)).json as { url: string };
    expect([created.url, second.url]).not.toContain(third.url);
  });

  it("never gives the address of an article purged from the trash to a new article", async () => {
    const gone = (await send(h, "POST", "/api/user/articles", body("Le littoral de Mbour"), awa.auth)).json as { _id: string; url: string };
    expect(gone.url).toBe("le-littoral-de-mbour");
    expect((await send(h, "DELETE", `/api/user/articles/${gone._id}`, undefined, awa.auth)).status).toBe(200);
    const purged = await purgeExpired(h.database.db, h.deps.env.uploadsDir, new Date(Date.now() + (TRASH_DAYS + 1) * 86_400_000));
    expect(purged.articles).toBeGreaterThanOrEqual(1);
    expect((await send(h, "GET", `/api/admin/articles/${gone._id}`, undefined, chef.auth)).status).toBe(404);

    const next = (await send(h, "POST", "/api/user/articles", body("Le littoral de Mbour"), awa.auth)).json as { _id: string; url: string };
    expect(next.url).toBe("le-littoral-de-mbour-2");
  });
});
