/**
 * Viewport screenshots of every public page type at 375 px and 1280 px, saved to docs/screenshots/ for review.
 * URLs are discovered through the public API of the running server, so the script works on any data set.
 *
 *   ./node_modules/.bin/bun scripts/screenshots.ts http://127.0.0.1:4600
 *
 * Viewport (not full-page) shots, re-encoded as palette PNGs by sharp: the folder stays a few megabytes.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { chromium } from "playwright";
import sharp from "sharp";

const base = (process.argv[2] ?? "http://127.0.0.1:4321").replace(/\/$/, "");
const outDir = join(import.meta.dir, "..", "docs", "screenshots");
const get = async <T>(path: string): Promise<T> => {
  const res = await fetch(base + path);
  if (!res.ok) throw new Error(`GET ${path} -> ${res.status}`);
  return res.json() as Promise<T>;
};

type Item = { url: string; type?: string; fullname?: string; themes?: { url: string }[]; authors?: { nickname: string }[] };
const [media, articles, events, members] = await Promise.all([
  get<Item[]>("/api/public/media"),
  get<Item[]>("/api/public/articles"),
  get<Item[]>("/api/public/events"),
  get<Item[]>("/api/public/cercle-impulsion"),
]);
const first = <T>(list: T[], what: string): T => {
  if (!list[0]) throw new Error(`no ${what} in the data`);
  return list[0];
};
const ofType = (t: string) => first(media.filter((m) => m.type === t), `${t} media`).url;
const article = first(articles, "article");

const pages: [name: string, path: string][] = [
  ["home", "/"],
  ["about", "/about"],
  ["cercle-impulsion", "/cercle-impulsion"],
  ["members", "/cercle-impulsion/members"],
  ["member", `/cercle-impulsion/${encodeURIComponent(first(members, "member").fullname!)}`],
  ["contact", "/contact"],
  ["mediatheque", "/mediatheque"],
  ["mediatheque-image", "/mediatheque/image"],
  ["media-video", `/mediatheque/video/${ofType("video")}`],
  ["media-audio", `/mediatheque/audio/${ofType("audio")}`],
  ["media-image", `/media/${ofType("image")}`],
  ["media-link", `/media/${ofType("link")}`],
  ["articles", "/articles"],
  ["theme", `/articles/${first(article.themes ?? [], "theme").url}`],
  ["article", `/article/${article.url}`],
  ["events", "/events"],
  ["event", `/event/${first(events, "event").url}`],
  ["author", `/user/${first(article.authors ?? [], "author").nickname}`],
  ["search", "/recherche?q=goree"],
  ["login", "/login"],
  ["404", "/page-inexistante"],
];

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 800 }, locale: "fr-FR", timezoneId: "Africa/Dakar" });
    const page = await context.newPage();
    for (const [name, path] of pages) {
      await page.goto(base + path, { waitUntil: "load" });
      // Islands hydrate when visible; give them the chance before the shot (and the search its results).
      await page.waitForLoadState("networkidle");
      if (path.startsWith("/recherche")) await page.locator(".search-result").first().waitFor();
      const png = await page.screenshot({ animations: "disabled" });
      const small = await sharp(png).png({ palette: true, quality: 90, effort: 8 }).toBuffer();
      await writeFile(join(outDir, `${name}-${width}.png`), small);
      console.log(`${name}-${width}.png  ${(small.length / 1024).toFixed(0)} KB  ${path}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
