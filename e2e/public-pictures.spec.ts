import { expect, test, type Locator, type Page } from "@playwright/test";

/**
 * Responsive pictures: every uploaded picture is a <picture> with AVIF and WebP variants (written by the server
 * next to the original), the original as fallback, a reserved box, and the right loading priority.
 */

type Candidate = { url: string; width: number };
const srcset = (value: string | null): Candidate[] =>
  (value ?? "").split(",").map((c) => {
    const [url = "", w = ""] = c.trim().split(/\s+/);
    return { url, width: parseInt(w, 10) };
  });

/** Checks one <picture>: both formats at the area's widths, files that exist, and the fallback <img>. */
async function checkPicture(page: Page, picture: Locator, widths: number[]) {
  for (const [type, ext] of [
    ["image/avif", "avif"],
    ["image/webp", "webp"],
  ] as const) {
    const list = srcset(await picture.locator(`source[type="${type}"]`).getAttribute("srcset"));
    expect(list.map((c) => c.width)).toEqual(widths);
    for (const c of list) {
      expect(c.url).toMatch(new RegExp(`-${c.width}\\.${ext}$`));
      const res = await page.request.get(c.url);
      expect(res.status(), c.url).toBe(200);
      expect(res.headers()["content-type"]).toBe(type);
    }
  }
  const img = picture.locator("img");
  await expect(img).toHaveAttribute("src", /^\/uploads\/.+\.(jpe?g|png|webp|gif)$/);
  await expect(img).toHaveAttribute("width", /^\d+$/);
  await expect(img).toHaveAttribute("height", /^\d+$/);
  await expect(img).toHaveAttribute("decoding", "async");
  return img;
}

test.describe("responsive pictures", () => {
  test("an article's picture comes first, in AVIF, at a width that fits its box", async ({ page }) => {
    const articles: { url: string; articlePic: string | null }[] = await (await page.request.get("/api/public/articles")).json();
    const article = articles.find((a) => a.articlePic)!;
    await page.goto(`/article/${article.url}`);
    const img = await checkPicture(page, page.locator(".article-figure picture"), [400, 800]);
    await expect(img).toHaveAttribute("fetchpriority", "high");
    await expect(img).not.toHaveAttribute("loading", "lazy");
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.currentSrc)).toMatch(/-(400|800)\.avif$/);
  });

  test("member avatars are pictures, lazy below the fold, and the profile picture is the priority", async ({ page }) => {
    const members: { fullname: string; profilePic: string | null }[] = await (await page.request.get("/api/public/cercle-impulsion")).json();
    await page.goto("/cercle-impulsion/members");
    const pictures = page.locator(".member-card picture");
    expect(await pictures.count()).toBe(members.filter((m) => m.profilePic).length);
    await checkPicture(page, pictures.first(), [96, 192, 300]);
    await expect(pictures.first().locator("img")).not.toHaveAttribute("loading", "lazy");
    await expect(pictures.last().locator("img")).toHaveAttribute("loading", "lazy");
    await expect(pictures.first().locator("source").first()).toHaveAttribute("sizes", "112px");

    const withPic = members.find((m) => m.profilePic)!;
    await page.goto(`/cercle-impulsion/${encodeURIComponent(withPic.fullname)}`);
    const img = await checkPicture(page, page.locator(".profile picture"), [96, 192, 300]);
    await expect(img).toHaveAttribute("fetchpriority", "high");
  });

  test("media thumbnails and images use their own variant sizes", async ({ page }) => {
    const media: { url: string; type: string; thumbnail: string | null; path: string }[] = await (await page.request.get("/api/public/media")).json();
    await page.goto("/mediatheque/image");
    const previews = page.locator("#media-type-table picture");
    expect(await previews.count()).toBeGreaterThan(0);
    for (const preview of await previews.all()) {
      // The preview is the thumbnail when there is one, else the image itself: each has its own widths.
      const thumb = (await preview.locator("img").getAttribute("src"))!.startsWith("/uploads/media_thumbnails/");
      await checkPicture(page, preview, thumb ? [240, 480] : [640, 1200]);
    }

    const image = media.find((m) => m.type === "image" && m.path)!;
    await page.goto(`/media/${image.url}`);
    const img = await checkPicture(page, page.locator(".player picture"), [640, 1200]);
    await expect(img).toHaveAttribute("fetchpriority", "high");

    const video = media.find((m) => m.type === "video" && m.thumbnail)!;
    await page.goto(`/mediatheque/video/${video.url}`);
    await checkPicture(page, page.locator(".facade picture"), [240, 480]);
  });
});
