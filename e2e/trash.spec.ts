import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN, apiToken, appViolations, MEMBER, signIn } from "./support/apps";

/**
 * « Corbeille » (issue 20 §6) at 1280 and 375 px: a member deletes their published article, it leaves their list
 * and the public site (rebuilt by the server), they restore it from /user/corbeille and it is back; a member
 * removes a deleted article for good from /user/corbeille; an admin purges a media from /admin/corbeille after a
 * confirmation naming it. axe on the trash and its dialog.
 */

const REBUILD_WAIT = { timeout: 150_000, intervals: [1_000, 2_000] };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function publishedArticle(request: APIRequestContext, title: string) {
  const member = await apiToken(request, MEMBER);
  const admin = await apiToken(request, ADMIN);
  const themes = (await (await request.get("/api/user/themes", { headers: bearer(member) })).json()) as { _id: string }[];
  const res = await request.post("/api/user/articles", { headers: bearer(member), data: { title, txt_content: "Un texte sur la mangrove.", themes: [themes[0]!._id] } });
  expect(res.status(), await res.text()).toBe(200);
  const article = (await res.json()) as { _id: string; url: string };
  const approve = await request.put(`/api/admin/articles/${article._id}/approve`, { headers: bearer(admin), data: { approved: true } });
  expect(approve.status(), await approve.text()).toBe(200);
  return article;
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 800 } });

    test("a member deletes their article, it leaves the site, and « Restaurer » brings it back", async ({ page, request }) => {
      // Three rebuilds of the public site to wait for.
      test.setTimeout(480_000);
      const title = `Mangrove à restaurer ${stamp()}`;
      const article = await publishedArticle(request, title);
      await expect.poll(async () => (await request.get(`/article/${article.url}`)).status(), REBUILD_WAIT).toBe(200);

      await signIn(page, MEMBER);
      await page.goto("/user/articles");
      await page.getByLabel("Rechercher dans mes articles").fill(title);
      const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: title }) });
      await row.getByRole("button", { name: /^Supprimer/ }).click();
      const question = page.getByRole("alertdialog", { name: /Supprimer cet article\s\?/ });
      await expect(question).toContainText("Il ira à la corbeille et sera supprimé définitivement dans 30\u00a0jours.");
      await question.getByRole("button", { name: "Supprimer" }).click();
      await expect(page.getByRole("status").getByText("Article supprimé avec succès.")).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect.poll(async () => (await request.get(`/article/${article.url}`)).status(), REBUILD_WAIT).toBe(404);

      await page.goto("/user/corbeille");
      await expect(page.getByRole("heading", { name: "Corbeille", level: 1 })).toBeVisible();
      const trashed = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
      await expect(trashed).toContainText("Article");
      await expect(trashed).toContainText(/30\u00a0jours|29\u00a0jours/);
      expect(await appViolations(page)).toEqual([]);
      await trashed.getByRole("button", { name: `Restaurer : ${title}` }).click();
      await expect(page.getByRole("status").getByText("Article restauré.")).toBeVisible();
      await expect(trashed).toHaveCount(0);
      await expect.poll(async () => (await request.get(`/article/${article.url}`)).status(), REBUILD_WAIT).toBe(200);

      await page.goto("/user/articles");
      await page.getByLabel("Rechercher dans mes articles").fill(title);
      await expect(page.getByRole("row").filter({ has: page.getByRole("link", { name: title }) })).toHaveCount(1);
    });

    test("a member removes their deleted article for good from « Corbeille »", async ({ page, request }) => {
      const member = await apiToken(request, MEMBER);
      const admin = await apiToken(request, ADMIN);
      const title = `Article à purger ${stamp()}`;
      const themes = (await (await request.get("/api/user/themes", { headers: bearer(member) })).json()) as { _id: string }[];
      const res = await request.post("/api/user/articles", { headers: bearer(member), data: { title, txt_content: "Un texte à effacer.", themes: [themes[0]!._id] } });
      expect(res.status(), await res.text()).toBe(200);
      const article = (await res.json()) as { _id: string };
      expect((await request.delete(`/api/user/articles/${article._id}`, { headers: bearer(member) })).status()).toBe(200);

      await signIn(page, MEMBER);
      await page.goto(`/user/corbeille?q=${encodeURIComponent(title)}`);
      const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
      await expect(row).toContainText("Article");
      await row.getByRole("button", { name: `Supprimer définitivement : ${title}` }).click();
      const question = page.getByRole("alertdialog", { name: new RegExp(`Supprimer définitivement l.article «\\s${title}\\s»`) });
      await expect(question.getByRole("button", { name: "Annuler" })).toBeFocused();
      expect(await appViolations(page, "[role=alertdialog]")).toEqual([]);
      await question.getByRole("button", { name: "Supprimer définitivement" }).click();
      await expect(page.getByRole("status").getByText("Article supprimé définitivement.")).toBeVisible();
      await expect(row).toHaveCount(0);
      // Gone for everyone: the trash and the back office no longer know it.
      const trash = (await (await request.get(`/api/user/trash?q=${encodeURIComponent(title)}`, { headers: bearer(member) })).json()) as { total: number };
      expect(trash.total).toBe(0);
      expect((await request.get(`/api/admin/articles/${article._id}`, { headers: bearer(admin) })).status()).toBe(404);
    });

    test("an admin purges a media from « Corbeille » after a confirmation naming it", async ({ page, request }) => {
      const member = await apiToken(request, MEMBER);
      const admin = await apiToken(request, ADMIN);
      const title = `Lien à purger ${stamp()}`;
      const created = await request.post("/api/user/media", {
        headers: bearer(member),
        multipart: { title, type: "link", description: "Une ressource.", externalUrl: "https://example.org/mangrove" },
      });
      expect(created.status(), await created.text()).toBe(200);
      const media = (await created.json()) as { _id: string };
      expect((await request.delete(`/api/user/media/${media._id}`, { headers: bearer(member) })).status()).toBe(200);

      await signIn(page, ADMIN);
      await page.goto(`/admin/corbeille?q=${encodeURIComponent(title)}`);
      const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
      await expect(row).toContainText("Média");
      await row.getByRole("button", { name: `Supprimer définitivement : ${title}` }).click();
      const question = page.getByRole("alertdialog", { name: new RegExp(`Supprimer définitivement le média «\\s${title}\\s»`) });
      await expect(question.getByRole("button", { name: "Annuler" })).toBeFocused();
      expect(await appViolations(page, "[role=alertdialog]")).toEqual([]);
      await question.getByRole("button", { name: "Supprimer définitivement" }).click();
      await expect(page.getByRole("status").getByText("Média supprimé définitivement.")).toBeVisible();
      await expect(row).toHaveCount(0);
      const trash = (await (await request.get(`/api/admin/trash?q=${encodeURIComponent(title)}`, { headers: bearer(admin) })).json()) as { total: number };
      expect(trash.total).toBe(0);
      expect((await request.get(`/api/admin/media/${media._id}`, { headers: bearer(admin) })).status()).toBe(404);
    });
  });
}
