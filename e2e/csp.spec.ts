import { expect, test, type Page } from "@playwright/test";

/**
 * The CSP header allows no inline script but the build's own, by hash (issue 12). Every page kind is opened and
 * used a little; the browser must report no CSP violation, and an injected inline script must not run.
 */

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
});

test("the header CSP has no 'unsafe-inline' for scripts", async ({ request }) => {
  const res = await request.get("/");
  const scriptSrc = res.headers()["content-security-policy"]!.split(";").find((d) => d.trim().startsWith("script-src"))!;
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).toContain("'sha256-");
  // The list the server reads sits next to the pages but is never served.
  expect((await request.get("/.csp-script-hashes.json")).status()).toBe(404);
});

test("public pages run their scripts and islands without a CSP violation", async ({ page, request }) => {
  const media = await (await request.get("/api/public/media")).json();
  const articles = await (await request.get("/api/public/articles")).json();
  const paths = ["/", "/articles", "/events", "/mediatheque", "/contact", "/login", "/recherche?q=economie", "/page-qui-n-existe-pas",
    `/article/${articles[0].url}`, `/media/${media[0].url}`, "/cercle-impulsion/members"];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // Islands hydrate on interaction: give them one.
    await page.mouse.move(200, 300);
    await page.locator("body").focus();
    expect(await page.evaluate(() => document.documentElement.classList.contains("js")), path).toBe(true);
    expect(await violations(page), path).toEqual([]);
  }
});

test("an inline script injected into a page does not run", async ({ page }) => {
  await page.goto("/");
  const ran = await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.__injected = true";
    document.body.append(s);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
});
