import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser } from "@playwright/test";
import { ADMIN, apiToken, appViolations, signIn, tag, type Account } from "./support/apps";
import { vnuProblems } from "./support/vnu";

/**
 * Readership statistics (issue 35 §1), end to end through the real server (a primary and its static worker share
 * the port): readers in their own browser contexts, told apart by their user agents (every context reaches the
 * server from 127.0.0.1, and without TRUST_PROXY the server believes no X-Forwarded-For, api/lib/client-ip.ts);
 * robots and prefetches from request contexts and a real `<link rel=prefetch>`; the counters flushed every second
 * (AUDIENCE_FLUSH_SECONDS in global-setup.ts), polled, never waited for by a fixed sleep. The article is this
 * journey's own, so its figures are exact; the day's visits and views are compared with the day's figures read just
 * before (the other journeys' browsers say « HeadlessChrome » and their API calls « Playwright »: robots, not
 * counted).
 */

/** This run's readers: a suffix makes them new visitors today, also against a server an earlier run counted them on. */
const run = Date.now().toString(36);
const UA = {
  desktop: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 e2e-lectrice-1-${run}`,
  phone: `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 e2e-lecteur-2-${run}`,
  tablet: `Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1 e2e-lectrice-3-${run}`,
  prefetcher: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 e2e-lecteur-4-${run}`,
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  quiet: `Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15 e2e-non-compte-${run}`,
};

type Report = {
  to: string;
  series: { key: string; visits: number; views: number }[];
  articles: { path: string; title: string | null; count: number }[];
  referrers: { host: string; count: number }[];
};

async function report(request: APIRequestContext, headers: Record<string, string>): Promise<Report> {
  const res = await request.get("/api/admin/audience?period=30d", { headers });
  expect(res.status()).toBe(200);
  return (await res.json()) as Report;
}

const today = (r: Report) => r.series.find((p) => p.key === r.to)!;

/** One reader: a fresh browser context (no shared cache or cookie) with its own user agent. */
async function read(browser: Browser, userAgent: string, paths: string[], referer?: string) {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  for (const path of paths) {
    const res = await page.goto(path, referer ? { referer } : {});
    expect(res?.status(), path).toBe(200);
  }
  await context.close();
}

test("readers are counted once per page and day, robots and prefetches not; an admin sees the exact counts in « Audience » and the author sees theirs", async ({ browser, page, request, baseURL }) => {
  test.setTimeout(300_000);
  const admin = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  // This journey's own author and article, so their figures are exactly this journey's readings.
  const nickname = `lectrice${tag()}`;
  const author: Account = { nickname, password: "Lectrice-Audience-2026!" };
  const created = await request.post("/api/admin/register", {
    headers: admin,
    data: { firstname: "Ndèye", name: "Lectures", nickname, email: `${nickname}@example.sn`, password: author.password, role: "user" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const authorId = ((await created.json()) as { _id: string })._id;
  const themes = (await (await request.get("/api/admin/themes", { headers: admin })).json()) as { _id: string }[];
  const title = `Les pirogues de Saint-Louis ${nickname}`;
  const made = await request.post("/api/admin/articles", {
    headers: admin,
    data: { title, txt_content: "Un texte sur la pêche artisanale.", themes: [themes[0]!._id], authors: [authorId] },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { _id: articleId, url } = (await made.json()) as { _id: string; url: string };
  const path = `/article/${url}`;
  // Live once the rebuild is done (these polls say « Playwright »: a robot, never counted).
  await expect.poll(async () => (await request.get(path)).status(), { timeout: 150_000, intervals: [1_000] }).toBe(200);

  const before = await report(request, admin);
  const beforeDay = today(before);
  const beforeReferrer = before.referrers.find((r) => r.host === "example.org")?.count ?? 0;

  // Three readers of the article; the first one also reads the home page, and reloads the article (the same day:
  // not counted again); the second one comes from another site.
  await read(browser, UA.desktop, [path, "/", path]);
  await read(browser, UA.phone, [path], "https://www.example.org/dossiers/peche?utm_source=lettre");
  await read(browser, UA.tablet, [path]);
  // A fourth reader opens the home page, whose `<link rel=prefetch>` of the article (Sec-Purpose: prefetch) is
  // not a reading.
  const context = await browser.newContext({ userAgent: UA.prefetcher });
  const reader = await context.newPage();
  await reader.goto("/");
  const prefetched = reader.waitForResponse((r) => r.url().endsWith(path));
  await reader.evaluate((href) => {
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.href = href;
    document.head.append(link);
  }, path);
  expect((await (await prefetched).request().allHeaders())["sec-purpose"] ?? "").toContain("prefetch");
  await context.close();
  // Robots and other requests that are not readings.
  const bot = await playwrightRequest.newContext({ baseURL, userAgent: UA.googlebot });
  expect((await bot.get(path)).status()).toBe(200);
  await bot.dispose();
  const quiet = await playwrightRequest.newContext({ baseURL, userAgent: UA.quiet });
  expect((await quiet.get(path, { headers: { "sec-purpose": "prefetch" } })).status()).toBe(200);
  expect((await quiet.get(path, { headers: { purpose: "prefetch" } })).status()).toBe(200);
  expect((await quiet.head(path)).status()).toBe(200);
  expect((await quiet.get(`/article/${url}-nulle-part`)).status()).toBe(404);
  expect((await quiet.get("/favicon.svg")).status()).toBe(200);
  await quiet.dispose();

  // Four visitors (three readers and the prefetching one), five pages read: the article three times, the home page twice.
  const expected = { visits: beforeDay.visits + 4, views: beforeDay.views + 5 };
  await expect
    .poll(async () => (await report(request, admin)).articles.find((a) => a.path === path)?.count ?? 0, { timeout: 30_000, intervals: [500] })
    .toBe(3);
  await expect.poll(async () => ({ visits: today(await report(request, admin)).visits, views: today(await report(request, admin)).views }), { timeout: 30_000, intervals: [500] }).toEqual(expected);
  const after = await report(request, admin);
  expect(after.articles.find((a) => a.path === path)).toEqual({ path, title, count: 3 });
  expect(after.referrers.find((r) => r.host === "example.org")?.count).toBe(beforeReferrer + 1);

  // The admin's « Audience »: the chart and its table, the article among the most read.
  await signIn(page, ADMIN);
  await page.getByRole("navigation", { name: "Administration du site" }).getByRole("link", { name: "Audience" }).click();
  await page.waitForURL("**/admin/audience");
  await expect(page.getByRole("heading", { level: 1, name: "Audience" })).toBeVisible();
  await expect(page.getByRole("button", { name: "30 jours" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("img", { name: /Visites et pages vues sur les 30 derniers jours/ })).toBeVisible();
  const table = page.getByRole("table", { name: "Visites et pages vues par jour" });
  const row = table.getByRole("row").last();
  await expect(row.getByRole("rowheader")).toHaveText(await page.evaluate((key) => {
    const months = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];
    const [y, m, d] = key.split("-").map(Number) as [number, number, number];
    return `${d === 1 ? "1er" : d} ${months[m - 1]} ${y}`;
  }, after.to));
  await expect(row.getByRole("cell")).toHaveText([expected.visits.toLocaleString("fr-FR"), expected.views.toLocaleString("fr-FR")]);
  const top = page.getByRole("table", { name: "Articles les plus lus" });
  await expect(top.getByRole("row", { name: new RegExp(title) })).toContainText("3");
  await expect(page.getByRole("table", { name: "Sites référents" }).getByRole("row", { name: /example\.org/ })).toBeVisible();
  await expect(page.getByText("Les ouvertures des courriels ne sont pas mesurées", { exact: false })).toBeVisible();
  // 7 days and 12 months: the same day's figures in their last row.
  await page.getByRole("button", { name: "7 jours" }).click();
  await expect(page.getByRole("table", { name: "Visites et pages vues par jour" }).getByRole("row")).toHaveCount(8);
  await page.getByRole("button", { name: "12 mois" }).click();
  await expect(page.getByRole("table", { name: "Visites et pages vues par mois" }).getByRole("row")).toHaveCount(13);
  await page.getByRole("button", { name: "30 jours" }).click();
  await expect(table.getByRole("row")).toHaveCount(31);

  // The CSV of the period, as the link downloads it.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exporter en CSV" }).click();
  const csv = await (await download).createReadStream().then(async (s) => {
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  });
  expect(csv).toContain(`Page;${path};${title};3\r\n`);
  expect(csv).toContain(`Visites;${after.to};;${expected.visits}\r\n`);

  // Accessible and valid as the browser built it, and readable at 375 px without sideways scrolling.
  expect(await appViolations(page)).toEqual([]);
  const problems = vnuProblems(new Map([["/admin/audience", await page.content()]]));
  expect(problems, problems.join("\n")).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole("img", { name: /Visites et pages vues/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await appViolations(page)).toEqual([]);

  // The author's dashboard: their article's figures, and nothing of anyone else's.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, author);
  const mine = page.getByRole("table", { name: "Mes articles", exact: true });
  await expect(mine.getByRole("row")).toHaveCount(2);
  await expect(mine.getByRole("row", { name: new RegExp(title) }).getByRole("cell")).toHaveText("3");
  await expect(page.getByRole("table", { name: "Pages vues de mes articles par jour" }).getByRole("row").last().getByRole("cell")).toHaveText("3");
  expect(await appViolations(page)).toEqual([]);
  const own = await request.get("/api/user/audience?period=7d", { headers: { authorization: `Bearer ${await apiToken(request, author)}` } });
  expect(((await own.json()) as { articles: { path: string }[] }).articles.map((a) => a.path)).toEqual([path]);

  // Leaves the demo content as seeded for the other journeys.
  expect((await request.delete(`/api/admin/articles/${articleId}`, { headers: admin })).ok()).toBe(true);
});
