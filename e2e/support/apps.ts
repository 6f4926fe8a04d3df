/**
 * Helpers for the member and admin apps' journeys: sign in through the login page, sign in through the API (for
 * set-up calls), and the axe run the apps must pass (WCAG 2.0/2.1/2.2 A and AA plus label-content-name-mismatch,
 * WCAG 2.5.3, which axe keeps among its experimental rules).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { wavChord } from "../../db/seed/wav";

/** `role`: set for an administrator made by a test, whose sign-in lands in the back office. */
export type Account = { nickname: string; password: string; role?: "admin" | "user" };

/**
 * Waits until every island of the page has hydrated: before that, a click reaches no handler and text typed into
 * a server-rendered field is wiped by React (both seen under load).
 */
export function islandsHydrated(page: Page): Promise<unknown> {
  return page.waitForFunction(() => document.querySelector("astro-island[ssr]") === null);
}

export const MEMBER: Account = { nickname: "membre", password: "Membre-Demo-2025!" };
export const ADMIN: Account = { nickname: "admin", password: "Admin-Demo-2025!" };

/** Where a sign-in without `next` lands: the back office's dashboard for the demo administrator (issue 33 §1). */
export const landingOf = (who: Account): string => (who.nickname === ADMIN.nickname || who.role === "admin" ? "**/admin/dashboard" : "**/user/dashboard");

/**
 * Signs in through /login and waits for the dashboard. Waits for the login island to hydrate first: text typed
 * into the server-rendered form before that is wiped by React (seen under load).
 */
export async function signIn(page: Page, who: Account, origin = ""): Promise<void> {
  await page.goto(`${origin}/login`);
  await islandsHydrated(page);
  await page.getByLabel("Identifiant").fill(who.nickname);
  await page.getByLabel("Mot de passe").fill(who.password);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await page.waitForURL(landingOf(who));
}

/** A short word unique to this run, to find the test's own rows among the demo's. */
export const tag = () => Date.now().toString(36);

/** The titles of the rows of the page's table (their row headers), in order. */
export const rowTitles = (page: Page) => page.getByRole("table").locator("tbody th[scope=row]").allTextContents();

/** Signs in, opens `path` and waits for its islands: the start of every list journey. */
export async function openSignedIn(page: Page, who: Account, path: string): Promise<void> {
  await signIn(page, who);
  await page.goto(path);
  await islandsHydrated(page);
}

/** The `authorization` header of API set-up calls made as `who`. */
export async function authHeaders(request: APIRequestContext, who: Account): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await apiToken(request, who)}` };
}

/** Articles written by the demo member (pending approval, in the first theme), one per title: their ids in order. */
export async function memberArticles(request: APIRequestContext, titles: string[], text = "Un texte."): Promise<string[]> {
  const headers = await authHeaders(request, MEMBER);
  const themes = (await (await request.get("/api/user/themes", { headers })).json()) as { _id: string }[];
  const ids: string[] = [];
  for (const title of titles) {
    const res = await request.post("/api/user/articles", { headers, data: { title, txt_content: text, themes: [themes[0]!._id] } });
    expect(res.ok(), await res.text()).toBe(true);
    ids.push(((await res.json()) as { _id: string })._id);
  }
  return ids;
}

/** A bearer token for API set-up calls (use the `request` fixture: it shares no cookie with the page). */
export async function apiToken(request: APIRequestContext, who: Account): Promise<string> {
  // Only the two sign-in fields: an account object may carry more (its id), which the strict login schema refuses.
  const res = await request.post("/api/auth/login", { data: { nickname: who.nickname, password: who.password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

export const APP_AXE_RULE = "label-content-name-mismatch";

/**
 * Serious or critical axe violations on the page (or inside `only`, less `exclude`), as readable lines. A frame
 * that runs no script (sandboxed) gives axe no way in and stalls it: exclude it and check its document apart.
 */
export async function appViolations(page: Page, only?: string, exclude?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page })
    .options({ rules: { [APP_AXE_RULE]: { enabled: true } } })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]);
  if (only) axe.include(only);
  if (exclude) axe.exclude(exclude);
  // Colours are measured once they settle: a button that opened under the pointer is mid-way through its hover
  // transition for 0.15 s, and its contrast then is neither state's. Endless animations (spinners) are not waited for.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 5_000 })
    .catch(() => {});
  const results = await axe.analyze();
  // The extra rule must really have run (it is off by default): otherwise this check would pass by omission.
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].some((r) => r.id === APP_AXE_RULE);
  expect(ran, `${APP_AXE_RULE} did not run`).toBe(true);
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || v.id === APP_AXE_RULE)
    .map((v) => `${v.id} [${v.impact}] ${v.help} -> ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

/** A real 10-second WAV of about 220 KB, written to the test's output folder: the file of the upload journeys. */
export async function chantWav(): Promise<string> {
  const wav = test.info().outputPath("chant.wav");
  await mkdir(dirname(wav), { recursive: true });
  writeFileSync(wav, wavChord(10, [262, 330, 392]));
  return wav;
}

/**
 * Slows the page's uploads to `bytesPerSecond` so a progress bar can be watched and cancelled; the returned function
 * gives the page its full speed back.
 */
export async function throttleUpload(page: Page, bytesPerSecond: number): Promise<() => Promise<unknown>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const upload = (uploadThroughput: number) =>
    cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput });
  await upload(bytesPerSecond);
  return () => upload(-1);
}

/**
 * The answer to a member's « Soumettre pour publication » of a new article. Since issue 32 the form may already
 * have created it as a draft at a pause in typing, so the submission is either that first POST or a PUT of the
 * draft; autosaves (`draft: true`) are not it.
 */
export function articleSubmitted(page: Page) {
  return page.waitForResponse((r) => {
    const req = r.request();
    const path = new URL(r.url()).pathname;
    const write = (req.method() === "POST" && path === "/api/user/articles") || (req.method() === "PUT" && /^\/api\/user\/articles\/[^/]+$/.test(path));
    return write && !(req.postData() ?? "").includes('"draft":true');
  });
}
