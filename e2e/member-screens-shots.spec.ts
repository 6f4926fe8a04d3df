import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { MEMBER, signIn } from "./support/apps";

/**
 * With MEMBER_SCREENSHOTS=1, saves the member dashboard, the profile and its edit modal to
 * docs/screenshots/member-*.png at 1280 and 375 px (the content screens are shot by member-content.spec.ts).
 * Skipped otherwise: it documents, it does not test.
 */
const SHOTS = process.env.MEMBER_SCREENSHOTS === "1";

async function shoot(page: Page, name: string) {
  const dir = join(import.meta.dirname, "..", "docs", "screenshots");
  await mkdir(dir, { recursive: true });
  const png = await page.screenshot({ animations: "disabled" });
  await writeFile(join(dir, `member-${name}-${page.viewportSize()!.width}.png`), await sharp(png).png({ palette: true, quality: 90, effort: 8 }).toBuffer());
}

for (const width of [1280, 375]) {
  test(`member dashboard and profile screenshots at ${width} px`, async ({ page }) => {
    test.skip(!SHOTS, "screenshots only with MEMBER_SCREENSHOTS=1");
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await signIn(page, MEMBER);
    await expect(page.getByText("Articles publiés")).toBeVisible();
    await shoot(page, "dashboard");
    await page.goto("/user/profile");
    await expect(page.getByRole("button", { name: "Modifier mon profil" })).toBeVisible();
    await shoot(page, "profile");
    await page.getByRole("button", { name: "Modifier mon profil" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await shoot(page, "profile-modal");
  });
}
