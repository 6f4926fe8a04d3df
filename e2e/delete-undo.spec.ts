import { expect, test } from "@playwright/test";
import { authHeaders, MEMBER, signIn, tag } from "./support/apps";

/**
 * Issue 32 §4: a deletion's message offers « Annuler », which takes the item back from the trash, at 1280 and
 * 375 px, in « Mes articles ».
 */
for (const width of [1280, 375]) {
  test(`« Annuler » in a deletion's message brings the article back from the trash at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    const headers = await authHeaders(request, MEMBER);
    const themes = (await (await request.get("/api/user/themes", { headers })).json()) as { _id: string }[];
    const title = `Article à regretter ${width} ${tag()}`;
    const res = await request.post("/api/user/articles", { headers, data: { title, txt_content: "Un texte.", themes: [themes[0]!._id] } });
    expect(res.status(), await res.text()).toBe(200);
    const id = ((await res.json()) as { _id: string })._id;

    await signIn(page, MEMBER);
    await page.goto("/user/articles");
    await page.getByLabel("Rechercher dans mes articles").fill(title);
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: title }) });
    await row.getByRole("button", { name: /^Supprimer/ }).click();
    await page.getByRole("alertdialog", { name: /Supprimer cet article/ }).getByRole("button", { name: "Supprimer" }).click();
    const message = page.getByRole("status").filter({ hasText: "Article supprimé avec succès." });
    await expect(row).toHaveCount(0);
    await message.getByRole("button", { name: "Annuler" }).click();
    await expect(page.getByRole("status").getByText("Article restauré.")).toBeVisible();
    await expect(row).toHaveCount(1);
    const trash = (await (await request.get("/api/user/trash?page=1", { headers })).json()) as { items: { _id: string }[] };
    expect(trash.items.map((i) => i._id)).not.toContain(id);
  });
}
