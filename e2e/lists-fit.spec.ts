import { expect, test, type Page } from "@playwright/test";
import { ADMIN, authHeaders, signIn, tag } from "./support/apps";

/**
 * Issue 32 §4: every list of the apps fits its screen at 1280, 1024 and 375 px. « Corbeille » at 1280 px had titles
 * wrapped four letters a line and « Restaurer » / « Supprimer » cut off; « Mes articles » clipped « Supprimer ». For
 * each list: its table box scrolls nothing sideways, and every button and link of its rows is whole and inside the
 * box (not clipped by it, not cut by its own width).
 */
const LISTS = [
  "/user/articles",
  "/user/media",
  "/user/corbeille",
  "/admin/articles",
  "/admin/media",
  "/admin/events",
  "/admin/users",
  "/admin/themes",
  "/admin/corbeille",
];

/** What does not fit in the page's tables, as readable lines (empty: everything fits). */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const box of document.querySelectorAll<HTMLElement>(".table-wrap")) {
      if (box.scrollWidth > box.clientWidth + 1) problems.push(`table box scrolls ${box.scrollWidth - box.clientWidth} px sideways`);
      const frame = box.getBoundingClientRect();
      for (const el of box.querySelectorAll<HTMLElement>("tbody button, tbody a.btn")) {
        const r = el.getBoundingClientRect();
        const name = (el.textContent ?? "").trim().slice(0, 40);
        if (r.left < frame.left - 1 || r.right > frame.right + 1) problems.push(`« ${name} » sticks out of its table box`);
        if (el.scrollWidth > el.clientWidth + 1) problems.push(`« ${name} » is cut (${el.scrollWidth} > ${el.clientWidth} px)`);
        if (r.right > document.documentElement.clientWidth + 1) problems.push(`« ${name} » is past the screen's edge`);
      }
      // A row's title keeps at least a word a line: not a column of four letters.
      for (const th of box.querySelectorAll<HTMLElement>("tbody th[scope=row]")) {
        if (th.getBoundingClientRect().width < 120) problems.push(`title « ${(th.textContent ?? "").trim().slice(0, 30)} » squeezed to ${Math.round(th.getBoundingClientRect().width)} px`);
      }
    }
    return problems;
  });
}

test.beforeAll(async ({ request }) => {
  // Long titles in the admin's own articles and in both trashes, the cases that broke.
  const headers = await authHeaders(request, ADMIN);
  const themes = (await (await request.get("/api/user/themes", { headers })).json()) as { _id: string }[];
  const title = (n: number) => `Gouvernance des ressources halieutiques et souveraineté alimentaire en Afrique de l'Ouest ${n} ${tag()}`;
  for (const n of [1, 2]) {
    const res = await request.post("/api/user/articles", { headers, data: { title: title(n), txt_content: "Un texte.", themes: [themes[0]!._id] } });
    expect(res.status(), await res.text()).toBe(200);
    if (n === 2) expect((await request.delete(`/api/user/articles/${(await res.json())._id}`, { headers })).status()).toBe(200);
  }
});

for (const width of [1280, 1024, 375]) {
  test(`every list of the apps fits at ${width} px, its row buttons whole and in view`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, ADMIN);
    const found: string[] = [];
    for (const path of LISTS) {
      await page.goto(path);
      await expect(page.locator(".table-wrap tbody tr").first(), path).toBeVisible({ timeout: 20_000 });
      await expect(page.locator(".table-wrap [aria-busy=true]")).toHaveCount(0);
      for (const p of await misfits(page)) found.push(`${path}: ${p}`);
    }
    expect(found).toEqual([]);
  });
}
