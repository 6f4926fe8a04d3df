import { expect, test } from "@playwright/test";
import { frenchTypography as fr } from "../site/src/lib/typography";

/** Author profile /user/{nickname} (spec §2), reached from the author columns of the article list. */

type Person = { nickname: string; firstname: string; name: string };
type Profile = {
  member: Person & { biography: string; domain: string; profilePic: string | null };
  articles: { title: string }[];
  media: { title: string }[];
};

test.describe("an author page", () => {
  test("is reached from the articles table and shows the profile with the author's articles and media", async ({ page }) => {
    const articles: { title: string; authors: Person[] }[] = await (await page.request.get("/api/public/articles")).json();
    const author = articles[0]!.authors[0]!;
    const profile: Profile = await (await page.request.get(`/api/public/author/${encodeURIComponent(author.nickname)}`)).json();

    await page.goto("/articles");
    await page.locator("#articles-table").getByRole("link", { name: `${author.firstname} ${author.name}` }).first().click();
    await page.waitForURL(`**/user/${encodeURIComponent(author.nickname)}`);
    await expect(page.locator("h1")).toHaveText(`${author.firstname} ${author.name}`);
    // The page typesets apostrophes (’): the stored biography may have straight ones.
    const bio = profile.member.biography.trim().replace(/'/g, "’");
    await expect(page.locator("main")).toContainText(bio ? bio.slice(0, 40) : "Non spécifié");
    if (profile.member.profilePic) await expect(page.getByRole("img", { name: `Photo de ${author.firstname} ${author.name}` })).toBeVisible();

    const count = (n: number, w: string) => `${n} ${w}${n < 2 ? "" : "s"}`;
    await expect(page.locator("main")).toContainText(count(profile.articles.length, "article"));
    await expect(page.locator("main")).toContainText(count(profile.media.length, "média"));
    for (const a of profile.articles) await expect(page.getByRole("link", { name: fr(a.title), exact: true })).toBeVisible();
    for (const m of profile.media) await expect(page.getByRole("link", { name: fr(m.title), exact: true })).toBeVisible();
  });

  test("an unknown author gets the 404 page with 'Ce profil n'est pas disponible.'", async ({ page }) => {
    const res = await page.goto("/user/personne-inconnue-0000");
    expect(res?.status()).toBe(404);
    await expect(page.locator("main")).toContainText("Ce profil n’est pas disponible.");
  });
});
