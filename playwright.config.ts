import { defineConfig } from "@playwright/test";

// Debian's Chromium (Playwright cannot download its own browser here). The background-networking flags stop
// Chromium from flooding the closed network with connections that would be refused.
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "./e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  // On CI one more try, as Playwright's own template does: 370 journeys against real processes on a shared 2-core
  // machine meet the odd slow moment. A journey that passes only on its second try is listed as « flaky » in the
  // report, to be looked into; one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`,
    locale: "fr-FR",
    timezoneId: "Africa/Dakar",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
    trace: "off",
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
