import { expect, test, type Browser, type Page } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADMIN, appViolations } from "./support/apps";

/**
 * Issue 33 §4, ADMIN_2FA=required: an administrator without two-factor sees one message and the enrolment,
 * scrolled into view, whether they just signed in or come back with a session opened before the setting was
 * turned on (which used to open the whole back office with an error in every table). The setting is read at the
 * server's start, so this journey starts its own real server (real Bun, its own libSQL file and site build).
 */

test.describe.configure({ mode: "serial" });

let server: ReturnType<typeof Bun.spawn> | null = null;
let dir = "";
let site = "";

/** A port nobody listens on now (the kernel's choice). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dir = mkdtempSync(join(tmpdir(), "e2e-enrol-"));
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  server = Bun.spawn([process.execPath, "api/server.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, "site.db")}`,
      UPLOADS_DIR: join(dir, "uploads"),
      SITE_DIR: join(dir, "site"),
      REBUILD_TOKEN: "e2e-enrol-token-0123456789",
      SEED: "demo",
      ADMIN_2FA: "required",
      ASTRO_TELEMETRY_DISABLED: "1",
      WEB_WORKERS: "0",
    },
    stdout: Bun.file(join(dir, "server.log")),
    stderr: Bun.file(join(dir, "server.err.log")),
  });
  // Ready once the site is built: a condition, not a delay.
  await expect(async () => {
    const res = await fetch(`${site}/api/health`);
    expect(((await res.json()) as { site: { ready: boolean } }).site.ready).toBe(true);
  }).toPass({ timeout: 280_000, intervals: [1_000] });
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await server?.exited;
  rmSync(dir, { recursive: true, force: true });
});

/** The held-back screen: its one message, the enrolment in view, no toast, no table of the back office. */
async function expectEnrolmentOnly(page: Page) {
  await page.waitForURL((url) => url.pathname === "/user/profile" && url.hash === "#double-authentification");
  const heading = page.getByRole("heading", { level: 1, name: "Sécurité de la connexion" });
  await expect(heading).toBeInViewport();
  await expect(page.getByRole("button", { name: "Activer la double authentification" })).toBeVisible();
  await expect(page.getByText(/^Les administrateurs doivent activer la double authentification/)).toHaveCount(1);
  await expect(page.locator(".toast")).toHaveCount(0);
  await expect(page.getByRole("table")).toHaveCount(0);
  expect(await appViolations(page)).toEqual([]);
}

async function newPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale: "fr-FR", timezoneId: "Africa/Dakar" });
  return context.newPage();
}

for (const width of [1280, 375]) {
  test(`at ${width} px, the held-back administrator signing in sees one message and the enrolment`, async ({ browser }) => {
    const page = await newPage(browser, width);
    await page.goto(`${site}/login`);
    await page.waitForFunction(() => document.querySelector("astro-island[ssr]") === null);
    await page.getByLabel("Identifiant").fill(ADMIN.nickname);
    await page.getByLabel("Mot de passe").fill(ADMIN.password);
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
    await expectEnrolmentOnly(page);
    await page.context().close();
  });

  test(`at ${width} px, a session opened before the setting opens the same screen, not the back office`, async ({ browser }) => {
    const page = await newPage(browser, width);
    // A session the browser already holds, as one opened before ADMIN_2FA was set to required.
    const res = await fetch(`${site}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site },
      body: JSON.stringify({ nickname: ADMIN.nickname, password: ADMIN.password }),
    });
    const { token, user } = (await res.json()) as { token: string; user: unknown };
    await page.goto(`${site}/robots.txt`);
    await page.evaluate(([t, u]) => {
      localStorage.setItem("token", t as string);
      localStorage.setItem("user", JSON.stringify(u));
    }, [token, user] as const);
    await page.goto(`${site}/admin/dashboard`);
    await expectEnrolmentOnly(page);
    await page.context().close();
  });
}
