import { expect, test, type Browser, type Page } from "@playwright/test";

/**
 * Weight budget: a page without islands ships at most 20 KB of compressed JavaScript and no React. Counts the
 * bytes on the wire (encoded body size) of every script the page loads, signed out, after load. Each test also
 * records its figure as an annotation (`weight`), printed by the list reporter's output below the test.
 */

const BUDGET = 20 * 1024;
// Strings only React's runtime contains (React 19 element symbol, the production error helper).
const REACT = /react\.transitional\.element|Minified React error/;

type Item = { url: string; type?: string; fullname?: string; themes?: { url: string }[]; authors?: { nickname: string }[] };

/** Loads `path` in a fresh context (empty HTTP cache: cached files report no transfer size) and weighs its JS. */
async function weigh(browser: Browser, path: string, viewport = { width: 1280, height: 720 }) {
  const context = await browser.newContext({ viewport });
  try {
    return await scriptsOf(await context.newPage(), path);
  } finally {
    await context.close();
  }
}

async function scriptsOf(page: Page, path: string) {
  const scripts: { url: string; bytes: number; react: boolean }[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script") return;
    pending.push(
      (async () => {
        const [sizes, body] = await Promise.all([res.request().sizes(), res.text()]);
        scripts.push({ url: new URL(res.url()).pathname, bytes: sizes.responseBodySize, react: REACT.test(body) });
      })(),
    );
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await Promise.all(pending);
  // Inline scripts count too (they travel inside the compressed HTML; their raw size is an upper bound).
  // (JSON-LD and other data blocks are not JavaScript.)
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>("script:not([src])")]
      .filter((s) => !s.type || s.type === "module" || s.type === "text/javascript")
      .reduce((n, s) => n + (s.textContent ?? "").length, 0),
  );
  const files = scripts.reduce((n, s) => n + s.bytes, 0);
  return { scripts, files, inline, total: files + inline, islands: await page.locator("astro-island").count() };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

test.describe("JavaScript weight of pages without islands", () => {
  test("every page type without islands stays within 20 KB of compressed JS and loads no React", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const get = async (p: string) => (await page.request.get(p)).json() as Promise<Item[]>;
    const [media, articles, events, members] = await Promise.all([
      get("/api/public/media"),
      get("/api/public/articles"),
      get("/api/public/events"),
      get("/api/public/cercle-impulsion"),
    ]);
    const ofType = (t: string) => media.find((m) => m.type === t)!.url;
    const pages: [string, string][] = [
      ["home", "/"],
      ["about", "/about"],
      ["circle", "/cercle-impulsion"],
      ["members grid", "/cercle-impulsion/members"],
      ["member profile", `/cercle-impulsion/${encodeURIComponent(members[0]!.fullname!)}`],
      ["contact", "/contact"],
      ["media library", "/mediatheque"],
      ["media type page", "/mediatheque/image"],
      ["video page (facade)", `/mediatheque/video/${media.find((m) => m.type === "video" && m.url)!.url}`],
      ["audio page", `/mediatheque/audio/${ofType("audio")}`],
      ["media page (link)", `/media/${ofType("link")}`],
      ["articles", "/articles"],
      ["theme page", `/articles/${articles[0]!.themes![0]!.url}`],
      ["article", `/article/${articles[0]!.url}`],
      ["event", `/event/${events[0]!.url}`],
      ["author page", `/user/${articles[0]!.authors![0]!.nickname}`],
      ["404", "/page-qui-n-existe-pas"],
    ];
    const lines: string[] = [];
    const over: string[] = [];
    for (const [name, path] of pages) {
      const w = await weigh(browser, path);
      lines.push(`${name.padEnd(22)} ${kb(w.total).padStart(8)}  (${w.scripts.length} file(s) ${kb(w.files)} + inline ${kb(w.inline)})`);
      expect(w.islands, `${name}: no island`).toBe(0);
      expect(w.scripts.filter((s) => s.react).map((s) => s.url), `${name}: no React`).toEqual([]);
      if (w.total > BUDGET) over.push(`${name}: ${kb(w.total)}`);
    }
    test.info().annotations.push({ type: "weight", description: lines.join("\n") });
    console.log(`Compressed JS per page type (budget ${kb(BUDGET)}):\n${lines.join("\n")}`);
    expect(over, "pages over the budget").toEqual([]);
  });

  test("the events page is the one with an island: it loads like the others, and React only once the calendar is used", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    try {
      const page = await context.newPage();
      const atLoad = await scriptsOf(page, "/events");
      console.log(`events page at load: ${kb(atLoad.total)} in ${atLoad.scripts.length} file(s)`);
      expect(atLoad.islands).toBe(1);
      expect(atLoad.scripts.filter((s) => s.react).map((s) => s.url)).toEqual([]);
      expect(atLoad.total).toBeLessThanOrEqual(BUDGET);

      // The static month is replaced by FullCalendar (React) on the first interaction with it. The weighing
      // listener is detached first: it would read bodies of responses that arrive after the context closes.
      page.removeAllListeners("response");
      const react = page.waitForResponse(async (res) => res.request().resourceType() === "script" && REACT.test(await res.text()));
      await page.locator("#events-calendar").hover();
      await react;
      test.info().annotations.push({ type: "weight", description: `events at load: ${kb(atLoad.total)}` });
    } finally {
      await context.close();
    }
  });
});
