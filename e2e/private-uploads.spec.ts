import { expect, test } from "@playwright/test";
import { apiToken, MEMBER, signIn } from "./support/apps";

/**
 * Pictures of content that is not approved are private (issue 18 part 5, api/lib/uploads/visibility.ts): the
 * member app shows a pending article's picture to its author (the browser sends the session cookie with <img>),
 * while a browser without that session gets the site's 404 for the same address. The server runs with a static
 * worker beside the primary on these machines, so either may answer.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test("a pending article's picture shows to its author in /user/articles and is 404 for an anonymous browser", async ({ page, browser, request }) => {
  const member = await apiToken(request, MEMBER);
  const themes = (await (await request.get("/api/user/themes", { headers: bearer(member) })).json()) as { _id: string }[];
  const created = await request.post("/api/user/articles", {
    headers: bearer(member),
    data: { title: `Image en attente ${Date.now().toString(36)}`, txt_content: "Un brouillon illustré.", themes: [themes[0]!._id] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const article = (await created.json()) as { _id: string; approved: boolean };
  expect(article.approved).toBe(false);
  // A real picture of the demo content (a member's public profile picture) as the crop.
  const members = (await (await request.get("/api/public/members")).json()) as { profilePic: string | null }[];
  const photo = await request.get(`/uploads/profile_pics/${members.find((m) => m.profilePic)!.profilePic}`);
  expect(photo.status()).toBe(200);
  const crop = await request.post(`/api/user/articles/${article._id}/article-pic-crop`, {
    headers: bearer(member),
    multipart: { croppedPic: { name: "brouillon.jpg", mimeType: "image/jpeg", buffer: await photo.body() } },
  });
  expect(crop.status(), await crop.text()).toBe(200);
  const src = `/uploads/article_pics/${((await crop.json()) as { articlePic: string }).articlePic}`;

  await signIn(page, MEMBER);
  const answers: number[] = [];
  page.on("response", (r) => {
    if (new URL(r.url()).pathname === src) answers.push(r.status());
  });
  await page.goto(`/user/articles?edit=${article._id}`);
  const preview = page.getByRole("dialog", { name: "Modifier l'article" }).getByAltText("Aperçu de l'image de l'article");
  await expect(preview).toHaveAttribute("src", src);
  // Decoded, i.e. the browser received the picture, not the 404 page.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(answers).toContain(200);

  const anonymous = await browser.newContext();
  try {
    const visitor = await anonymous.newPage();
    const res = await visitor.goto(src);
    expect(res?.status()).toBe(404);
    expect(res?.headers()["content-type"]).toContain("text/html");
  } finally {
    await anonymous.close();
  }
});
