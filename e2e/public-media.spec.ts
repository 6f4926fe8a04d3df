import { expect, test, type Page } from "@playwright/test";
import { frenchTypography as fr } from "../site/src/lib/typography";

/** Single-media pages (spec §2 "/media/{url}"): players, click-to-load embeds, links, notices, downloads. */

type ApiMedia = {
  title: string;
  url: string;
  type: string;
  path: string;
  externalUrl: string;
  description: string;
  createdAt: string;
  uploadedBy: { nickname: string; firstname: string; name: string } | null;
};

async function media(page: Page): Promise<ApiMedia[]> {
  const res = await page.request.get("/api/public/media");
  expect(res.ok()).toBe(true);
  return res.json();
}
const hostOf = (u: string) => new URL(u).hostname.replace(/^www\./, "");
const isYoutube = (u: string) => /(^|\.)youtube\.com$|^youtu\.be$/.test(hostOf(u || "http://x"));

/** Every request the page makes to a host other than this site's (the test server listens on 127.0.0.1). */
function thirdParty(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith("http") && url.hostname !== "127.0.0.1") seen.push(r.url());
  });
  return seen;
}

test.describe("a media page", () => {
  test("a YouTube video contacts no third party until the visitor clicks play", async ({ page }) => {
    const video = (await media(page)).find((m) => m.type === "video" && isYoutube(m.externalUrl));
    expect(video, "a YouTube video").toBeTruthy();
    const requests = thirdParty(page);
    // Whatever the click would load stays inside this test: the network is closed anyway.
    await page.route(/^https:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    await page.goto(`/mediatheque/video/${video!.url}`, { waitUntil: "networkidle" });
    await expect(page.locator("h1")).toHaveText(fr(video!.title));
    expect(requests).toEqual([]);
    await expect(page.locator("iframe")).toHaveCount(0);

    await page.getByRole("button", { name: fr(`Lire la vidéo : ${video!.title}`) }).click();
    const frame = page.locator("iframe.embed-frame");
    await expect(frame).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}/);
    await expect(frame).toHaveAttribute("title", `${video!.title} (YouTube)`);
    await expect.poll(() => requests.some((u) => u.includes("youtube-nocookie.com"))).toBe(true);
  });

  test("no media page loads anything from a third party on its own", async ({ page }) => {
    const list = await media(page);
    const requests = thirdParty(page);
    for (const type of ["audio", "video", "pdf", "image", "external", "link"]) {
      for (const m of list.filter((x) => x.type === type).slice(0, 3)) {
        await page.goto(`/media/${m.url}`, { waitUntil: "networkidle" });
      }
    }
    expect(requests).toEqual([]);
  });

  test("a link shows its URL and an 'Ouvrir le lien' button to it", async ({ page }) => {
    const link = (await media(page)).find((m) => m.type === "link");
    expect(link, "a link media").toBeTruthy();
    await page.goto(`/media/${link!.url}`);
    await expect(page.locator("main")).toContainText(link!.externalUrl);
    const open = page.getByRole("link", { name: /^Ouvrir le lien/ });
    await expect(open).toHaveAttribute("href", link!.externalUrl);
    await expect(open).toHaveAttribute("rel", /noopener/);
  });

  test("LinkedIn and X resources get a notice and a button to open them instead of an embed", async ({ page }) => {
    const list = await media(page);
    const hosted = list.filter((m) => m.type === "external" && /linkedin\.com$|(^|\.)x\.com$|twitter\.com$/.test(hostOf(m.externalUrl || "http://x")));
    expect(hosted.length, "LinkedIn or X resources").toBeGreaterThan(0);
    for (const m of hosted) {
      await page.goto(`/media/${m.url}`);
      await expect(page.locator(".player.notice")).toContainText("ne peut pas être intégré à cette page");
      await expect(page.getByRole("link", { name: /^Ouvrir la ressource/ })).toHaveAttribute("href", m.externalUrl);
      await expect(page.locator("iframe, .facade")).toHaveCount(0);
    }
  });

  test("files get a player or a download button, with the date and a link to the uploader", async ({ page }) => {
    const list = await media(page);
    const audio = list.find((m) => m.type === "audio" && m.path)!;
    await page.goto(`/mediatheque/audio/${audio.url}`);
    await expect(page.locator(`audio[src="${audio.path}"]`)).toHaveCount(1);
    if (audio.uploadedBy) {
      await expect(page.getByRole("link", { name: `${audio.uploadedBy.firstname} ${audio.uploadedBy.name}` }).first()).toHaveAttribute(
        "href",
        `/user/${encodeURIComponent(audio.uploadedBy.nickname)}`,
      );
    }
    await expect(page.locator("main")).toContainText("Publié le");

    const pdf = list.find((m) => m.type === "pdf" && m.path)!;
    await page.goto(`/media/${pdf.url}`);
    await expect(page.getByRole("link", { name: "Télécharger le PDF" })).toHaveAttribute("href", pdf.path);

    const image = list.find((m) => m.type === "image" && m.path)!;
    await page.goto(`/media/${image.url}`);
    await expect(page.locator("img.media-image")).toHaveAttribute("src", image.path);
    await expect(page.getByRole("link", { name: "Télécharger l’image" })).toHaveAttribute("href", image.path);
  });

  test("an audio or video media has one canonical address, its typed page", async ({ page }) => {
    const list = await media(page);
    for (const type of ["audio", "video"]) {
      const m = list.find((x) => x.type === type)!;
      const typed = `/mediatheque/${type}/${encodeURIComponent(m.url)}`;
      for (const path of [`/media/${encodeURIComponent(m.url)}`, typed]) {
        await page.goto(path);
        await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute("href", new RegExp(`${typed.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
      }
    }
    const pdf = list.find((x) => x.type === "pdf")!;
    await page.goto(`/media/${encodeURIComponent(pdf.url)}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/media/${encodeURIComponent(pdf.url)}$`));
  });

  test("a video's poster is shown as it is, with the play control and its note along its foot", async ({ page }) => {
    const video = (await media(page)).find((m) => m.type === "video" && isYoutube(m.externalUrl))!;
    await page.route(/^https:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    await page.goto(`/mediatheque/video/${video.url}`);
    const facade = page.locator("button.facade");
    await expect(facade.locator("img")).toBeVisible();
    // The poster is not dimmed, and the title is not drawn over it a second time (it stays the button's name).
    expect(await facade.locator("img").evaluate((img) => getComputedStyle(img).opacity)).toBe("1");
    await expect(page.getByRole("button", { name: fr(`Lire la vidéo : ${video.title}`) })).toHaveCount(1);
    await expect(facade.locator(".facade-label")).toContainText("Lire la vidéo");
    const titleBox = (await facade.locator(".facade-label .sr-only").boundingBox())!;
    expect(titleBox.width * titleBox.height, "the title is read, not drawn").toBeLessThanOrEqual(1);
    const box = (await facade.boundingBox())!;
    const band = (await facade.locator(".facade-inner").boundingBox())!;
    expect(band.y + band.height).toBeGreaterThan(box.y + box.height - 2);
    expect(band.height).toBeLessThan(box.height / 2);
  });

  test("a SoundCloud placeholder is as tall as the player it becomes", async ({ page }) => {
    const sound = (await media(page)).find((m) => /soundcloud\.com/.test(m.externalUrl))!;
    await page.route(/^https:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 204, body: "" }));
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/media/${sound.url}`);
      const before = (await page.locator("button.facade").boundingBox())!.height;
      await page.locator("button.facade").click();
      const after = (await page.locator("iframe.embed-frame").boundingBox())!.height;
      expect(Math.abs(before - after), `${width} px: ${before} -> ${after}`).toBeLessThanOrEqual(2);
    }
  });

  test("an audio player shows the recording's length before it is played, as the page's « Durée » does", async ({ page }) => {
    const audio = (await media(page)).find((m) => m.type === "audio" && m.path)!;
    await page.goto(`/mediatheque/audio/${audio.url}`);
    const player = page.locator("audio");
    // The player reads the file's metadata on load (not « 0:00 / 0:00 » until played).
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? Math.round(a.duration) : 0))).toBeGreaterThan(0);
    expect(await player.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  });

  test("typed audio and video pages only exist for their own type", async ({ page }) => {
    const list = await media(page);
    const notAudio = list.find((m) => m.type !== "audio")!;
    const res = await page.goto(`/mediatheque/audio/${notAudio.url}`);
    expect(res?.status()).toBe(404);
    await expect(page.locator("main")).toContainText("Ce média audio n’est pas disponible.");
    const notVideo = list.find((m) => m.type !== "video")!;
    expect((await page.goto(`/mediatheque/video/${notVideo.url}`))?.status()).toBe(404);
    await expect(page.locator("main")).toContainText("Ce média vidéo n’est pas disponible.");
  });
});
