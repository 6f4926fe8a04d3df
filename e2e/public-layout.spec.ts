import { expect, test } from "@playwright/test";

/**
 * Layout at phone width (issue 13): no page of any public type is wider than a 375 px screen, signed out or with
 * the mobile menu open. Page URLs are discovered through the public API.
 */

type Item = { url: string; type?: string; fullname?: string; themes?: { url: string }[]; authors?: { nickname: string }[] };

test("no public page scrolls sideways at 375 px", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const get = async (p: string) => (await page.request.get(p)).json() as Promise<Item[]>;
  const [media, articles, events, members] = await Promise.all([
    get("/api/public/media"),
    get("/api/public/articles"),
    get("/api/public/events"),
    get("/api/public/cercle-impulsion"),
  ]);
  const ofType = (t: string) => media.find((m) => m.type === t)!.url;
  const paths = [
    "/",
    "/about",
    "/cercle-impulsion",
    "/cercle-impulsion/members",
    `/cercle-impulsion/${encodeURIComponent(members[0]!.fullname!)}`,
    "/contact",
    "/mediatheque",
    ...["audio", "video", "pdf", "image", "external", "link"].flatMap((t) => [`/mediatheque/${t}`, `/media/${ofType(t)}`]),
    `/mediatheque/audio/${ofType("audio")}`,
    `/mediatheque/video/${ofType("video")}`,
    "/articles",
    `/articles/${articles[0]!.themes![0]!.url}`,
    `/article/${articles[0]!.url}`,
    "/events",
    `/event/${events[0]!.url}`,
    `/user/${articles[0]!.authors![0]!.nickname}`,
    "/login",
    "/recherche?q=gor%C3%A9e",
    "/page-qui-n-existe-pas",
  ];
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path, { waitUntil: "networkidle" });
    const { scroll, client, culprits } = await page.evaluate(() => {
      const root = document.documentElement;
      const culprits = [...document.querySelectorAll<HTMLElement>("body *")]
        .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5 && el.checkVisibility())
        .filter((el) => !el.closest(".subnav ul, .table-wrap, .sr-only, [hidden]"))
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
      return { scroll: root.scrollWidth, client: root.clientWidth, culprits };
    });
    if (scroll > client) wide.push(`${path}: ${scroll} px > ${client} px (${culprits.join(", ")})`);
  }
  expect(wide).toEqual([]);
});

test("on a phone, member grids show two cards a row and the home emblem opens the hero", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/cercle-impulsion/members");
  const cards = page.locator(".member-grid > li");
  const tops = await cards.evaluateAll((lis) => lis.slice(0, 4).map((li) => Math.round(li.getBoundingClientRect().top)));
  expect(tops[0]).toBe(tops[1]);
  expect(tops[2]).toBe(tops[3]);
  expect(tops[2]).toBeGreaterThan(tops[0]!);

  await page.goto("/");
  const emblem = (await page.locator(".hero-logo").boundingBox())!;
  const title = (await page.locator(".hero h1").boundingBox())!;
  const buttons = (await page.locator(".hero .actions").boundingBox())!;
  expect(emblem.y + emblem.height).toBeLessThanOrEqual(title.y + 1);
  expect(emblem.y).toBeLessThan(buttons.y);
});
