import { expect, test, type Locator, type Page } from "@playwright/test";

/** Events screen (spec §2 "Event screens"): month calendar, day filter, sort selector, detail page. */

type ApiEvent = { title: string; url: string; location: string; startDate: string; endDate: string };

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// Dakar is UTC all year: days are UTC dates, the end is exclusive (as the calendar draws it).
const covers = (e: ApiEvent, day: string) => {
  const s = Date.parse(e.startDate);
  const end = Date.parse(e.endDate || e.startDate);
  return dayOf(s) <= day && day <= dayOf(end > s ? end - 1 : s);
};
const monthTitle = (d: Date) => new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" }).format(d);
const longDate = (day: string) =>
  new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })
    .format(new Date(`${day}T12:00:00Z`))
    .replace(/^1 /, "1er ");

async function events(page: Page): Promise<ApiEvent[]> {
  const res = await page.request.get("/api/public/events");
  expect(res.ok()).toBe(true);
  return res.json();
}

/** Moves the calendar month by month until `day` is in view (at most two years either way). */
async function showMonthOf(calendar: Locator, day: string) {
  const target = monthTitle(new Date(`${day}T12:00:00Z`));
  const heading = calendar.getByRole("heading", { level: 2 });
  const forward = day > new Date().toISOString().slice(0, 10);
  for (let i = 0; i < 24; i++) {
    if ((await heading.textContent())?.toLowerCase() === target) return;
    await calendar.getByRole("button", { name: forward ? "Mois suivant" : "Mois précédent" }).click();
  }
  await expect(heading).toHaveText(new RegExp(`^${target}$`, "i"));
}

const visibleRows = (page: Page) => page.locator("#events-table tbody tr:not([hidden])");

test.describe("the events calendar", () => {
  test("shows the current month in French, Monday first, with only previous and next", async ({ page }) => {
    await page.goto("/events");
    const calendar = page.locator("#events-calendar");
    const now = new Date();
    await expect(calendar.getByRole("heading", { level: 2 })).toHaveText(new RegExp(`^${monthTitle(now)}$`, "i"));
    await expect(calendar.getByRole("columnheader").first()).toContainText("lundi");
    await expect(calendar.getByRole("columnheader").last()).toContainText("dimanche");
    await expect(calendar.getByRole("button", { name: "Mois précédent" })).toBeVisible();
    await expect(calendar.getByRole("button", { name: /aujourd/i })).toHaveCount(0);
    await expect(calendar.getByRole("button", { name: /mois$|semaine|jour$/i })).toHaveCount(0);

    await calendar.getByRole("button", { name: "Mois suivant" }).click();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15));
    await expect(calendar.getByRole("heading", { level: 2 })).toHaveText(new RegExp(`^${monthTitle(next)}$`, "i"));
  });

  test("links each event to its page, with its place in the tooltip, and highlights busy days", async ({ page }) => {
    const list = await events(page);
    const event = list.find((e) => e.location) ?? list[0]!;
    await page.goto("/events");
    const calendar = page.locator("#events-calendar");
    await showMonthOf(calendar, event.startDate.slice(0, 10));
    const link = calendar.locator(`a[href="/event/${event.url}"]`).first();
    await expect(link).toHaveAttribute("title", `${event.title} — ${event.location || "Lieu non précisé"}`);
    await expect(calendar.locator(`[role=cell][data-date="${event.startDate.slice(0, 10)}"]`)).toHaveClass(/has-events/);
    await link.click();
    await page.waitForURL(`**/event/${event.url}`);
    await expect(page.locator("h1")).toHaveText(event.title);
  });

  test("shows at most three events a day, then a more-link", async ({ page }) => {
    const list = await events(page);
    // The busiest day of the data set (the most overlapping events always start on some event's first day).
    const [busy, n] = list
      .map((e) => e.startDate.slice(0, 10))
      .map((d) => [d, list.filter((e) => covers(e, d)).length] as const)
      .sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
    test.skip(n <= 3, "no day with more than three events in this data set");
    await page.goto("/events");
    const calendar = page.locator("#events-calendar");
    await showMonthOf(calendar, busy);
    const cell = calendar.locator(`[role=cell][data-date="${busy}"]`);
    // n events that day, n - 3 behind the more-link: three are drawn (multi-day bars live in the row, not the cell).
    const more = cell.getByRole("button", { name: `+ ${n - 3} de plus` });
    await expect(more).toHaveAttribute("title", `Voir les ${n - 3} autres événements de ce jour`);
    await more.click();
    await expect(page.getByRole("dialog")).toContainText(list.find((e) => covers(e, busy) && e.startDate.startsWith(busy))!.title);
  });

  test("picking a day filters the table with the spec's heading, and a button shows everything again", async ({ page }) => {
    const list = await events(page);
    // A day with one or two events: the filter shows in the table and the cell keeps some empty room to click.
    const day = list.map((e) => e.startDate.slice(0, 10)).find((d) => list.filter((e) => covers(e, d)).length <= 2)!;
    const expected = list.filter((e) => covers(e, day));
    await page.goto("/events");
    await expect(visibleRows(page)).toHaveCount(list.length);
    const calendar = page.locator("#events-calendar");
    await showMonthOf(calendar, day);

    // A click anywhere in the day's cell picks it (its empty lower part, away from the events).
    const cell = calendar.locator(`[role=cell][data-date="${day}"]`);
    const box = (await cell.boundingBox())!;
    await page.mouse.click(box.x + 4, box.y + box.height - 4);
    const heading = page.locator("[data-events-heading]");
    await expect(heading).toHaveText(`${expected.length} événement(s) le ${longDate(day)}`);
    await expect(visibleRows(page)).toHaveCount(expected.length);
    for (const e of expected) await expect(visibleRows(page).getByRole("link", { name: e.title, exact: true })).toBeVisible();
    await expect(page.locator("[data-table-tools=events-table] [data-count]")).toHaveText(
      `${expected.length} ${expected.length < 2 ? "événement" : "événements"}`,
    );

    // The sort selector keeps working on the filtered rows.
    await page.getByLabel("Trier").selectOption({ label: "Par titre" });
    const titles = await visibleRows(page).locator("td:first-child").allTextContents();
    expect(titles.map((t) => t.trim())).toEqual(expected.map((e) => e.title).sort(new Intl.Collator("fr", { sensitivity: "base", numeric: true }).compare));

    await page.getByRole("button", { name: "Afficher tous les événements" }).click();
    await expect(heading).toHaveText("Tous les événements");
    await expect(visibleRows(page)).toHaveCount(list.length);
    await expect(page.getByRole("button", { name: "Afficher tous les événements" })).toBeHidden();
  });

  test("a day is picked from the keyboard through its day number", async ({ page }) => {
    const list = await events(page);
    const day = list[0]!.startDate.slice(0, 10);
    await page.goto("/events");
    const calendar = page.locator("#events-calendar");
    await showMonthOf(calendar, day);
    const number = calendar.getByRole("link", { name: `Événements du ${longDate(day).replace(/^1er /, "1 ")}` });
    await number.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("[data-events-heading]")).toHaveText(
      `${list.filter((e) => covers(e, day)).length} événement(s) le ${longDate(day)}`,
    );
  });
});

test.describe("the events table", () => {
  test("sorts by date by default, and by recent, title and place", async ({ page }) => {
    const list = await events(page);
    await page.goto("/events");
    const sort = page.getByLabel("Trier");
    await expect(sort.locator("option")).toHaveText(["Plus récents", "Par date", "Par titre", "Par lieu"]);
    await expect(sort).toHaveValue("start:asc");
    const titles = () => visibleRows(page).locator("td:first-child").allTextContents().then((t) => t.map((s) => s.trim()));
    const byStart = list.slice().sort((a, b) => a.startDate.localeCompare(b.startDate));
    expect(await titles()).toEqual(byStart.map((e) => e.title));

    await sort.selectOption({ label: "Par lieu" });
    const places = (await visibleRows(page).locator("td:nth-child(2)").allTextContents()).map((s) => s.trim());
    const named = places.filter((p) => p !== "Non précisé");
    expect(named).toEqual(named.slice().sort(new Intl.Collator("fr", { sensitivity: "base" }).compare));
    // Events without a place read 'Non précisé' and come last.
    expect(places.slice(named.length).every((p) => p === "Non précisé")).toBe(true);

    await sort.selectOption({ label: "Plus récents" });
    const created = await visibleRows(page).evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.created ?? ""));
    expect(created).toEqual(created.slice().sort().reverse());
  });
});

test.describe("an event page", () => {
  test("shows the period 'Du … au …' and the status badge that matches today", async ({ page }) => {
    const list = await events(page);
    const multiDay = list.find((e) => e.startDate.slice(0, 10) !== e.endDate.slice(0, 10));
    expect(multiDay, "an event over several days").toBeTruthy();
    await page.goto(`/event/${multiDay!.url}`);
    await expect(page.locator("main")).toContainText(
      new RegExp(`Du ${longDate(multiDay!.startDate.slice(0, 10))}.* au ${longDate(dayOf(Date.parse(multiDay!.endDate)))}`),
    );
    await expect(page.locator("main")).toContainText(multiDay!.location || "Lieu non précisé");

    for (const e of list) {
      await page.goto(`/event/${e.url}`);
      const now = Date.now();
      const status = Date.parse(e.endDate) < now ? "Événement passé" : Date.parse(e.startDate) <= now ? "En cours" : "À venir";
      await expect(page.locator("[data-event-status]"), e.url).toHaveText(status);
    }
  });
});
