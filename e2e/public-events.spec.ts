import { expect, test, type Locator, type Page } from "@playwright/test";
import { frenchTypography as fr } from "../site/src/lib/typography";

/** A count of events with the French plural (0 and 1 singular). */
const eventCount = (n: number) => `${n} ${n < 2 ? "événement" : "événements"}`;

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

/**
 * The calendar first shows a static month drawn at build time; FullCalendar replaces it on the first interaction
 * (pointer, touch or focus). Brings FullCalendar in, the way a mouse user does.
 */
async function liveCalendar(calendar: Locator) {
  await calendar.getByRole("heading", { level: 2 }).hover();
  await expect(calendar.locator("[data-phase]")).toHaveAttribute("data-phase", "live");
}

/** Moves the calendar month by month until `day` is in view (at most two years either way). */
async function showMonthOf(calendar: Locator, day: string) {
  await liveCalendar(calendar);
  const target = monthTitle(new Date(`${day}T12:00:00Z`));
  const heading = calendar.getByRole("heading", { level: 2 });
  const forward = day > new Date().toISOString().slice(0, 10);
  for (let i = 0; i < 24; i++) {
    if ((await heading.textContent())?.toLowerCase() === target) return;
    await calendar.getByRole("button", { name: forward ? "Mois suivant" : "Mois précédent" }).click();
  }
  await expect(heading).toHaveText(new RegExp(`^${target}$`, "i"));
}

// Event rows (the « Événements passés » divider is a heading row, not an event).
const visibleRows = (page: Page) => page.locator("#events-table tbody tr:not([hidden]):not([data-divider])");

/** What a reader finds in the month on screen, the same whether FullCalendar or the static month draws it. */
async function monthContent(calendar: Locator) {
  return calendar.evaluate((root) => {
    const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const name = (el: Element) => (el.getAttribute("aria-label") ?? el.textContent ?? "").trim();
    return {
      title: root.querySelector("[role=heading]")?.textContent?.trim().toLowerCase(),
      // The full name, for screen readers (the short one on screen depends on the width).
      weekdays: [...root.querySelectorAll("[role=columnheader]")].map((h) => h.firstElementChild?.textContent),
      weeks: [...root.querySelectorAll("[role=row][aria-label]")].map((w) => w.getAttribute("aria-label")),
      days: [...root.querySelectorAll("[role=cell][data-date]")].map((cell) => ({
        date: cell.getAttribute("data-date"),
        busy: cell.classList.contains("has-events"),
        today: cell.classList.contains("is-today"),
        number: name(cell.querySelector("[role=link]")!),
        events: [...cell.querySelectorAll("a[href^='/event/']")]
          .filter(visible)
          .map((a) => `${a.getAttribute("href")} ${a.getAttribute("title")}`)
          .sort(),
        more: [...cell.querySelectorAll("[aria-haspopup=dialog]")].map((m) => m.getAttribute("title")),
      })),
    };
  });
}

test.describe("the static month shown before FullCalendar", () => {
  test("is the current month, drawn without React, with today marked by the browser", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
    await page.goto("/events", { waitUntil: "networkidle" });
    const calendar = page.locator("#events-calendar");
    const island = calendar.locator("astro-island");
    const fullCalendar = [await island.getAttribute("component-url"), await island.getAttribute("renderer-url")];
    expect(scripts.filter((s) => fullCalendar.includes(s)), "FullCalendar and React wait for an interaction").toEqual([]);
    await expect(calendar.locator("[data-phase]")).toHaveAttribute("data-phase", "static");
    await expect(calendar.getByRole("heading", { level: 2 })).toHaveText(new RegExp(`^${monthTitle(new Date())}$`, "i"));
    await expect(calendar.locator(".is-today")).toHaveAttribute("data-date", new Date().toISOString().slice(0, 10));

    await liveCalendar(calendar);
    expect(scripts).toEqual(expect.arrayContaining(fullCalendar));
  });

  test("shows what FullCalendar shows, at the same size: nothing moves when it takes over", async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/events", { waitUntil: "networkidle" });
      const calendar = page.locator("#events-calendar");
      const boxes = () =>
        page.evaluate(() =>
          ["#events-calendar", "#events-table", ...[...document.querySelectorAll("#events-calendar [role=cell][data-date]")].map((c) => `#events-calendar [role=cell][data-date="${c.getAttribute("data-date")}"]`)]
            .map((sel) => document.querySelector(sel)!.getBoundingClientRect())
            .map((r) => [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 2) / 2)),
        );
      const staticMonth = await monthContent(calendar);
      const staticBoxes = await boxes();
      expect(staticMonth.days.some((d) => d.events.length > 0), "some events this month").toBe(true);

      await liveCalendar(calendar);
      expect(await monthContent(calendar), `content at ${width} px`).toEqual(staticMonth);
      expect(await boxes(), `boxes at ${width} px`).toEqual(staticBoxes);
    }
  });

  test("a click made before FullCalendar is there is carried out once it is", async ({ page }) => {
    await page.goto("/events", { waitUntil: "networkidle" });
    const calendar = page.locator("#events-calendar");
    const day = await calendar.locator("[role=cell][data-date]:not(.is-other)").nth(9).getAttribute("data-date");
    // Straight at the static day number: no hover first, so the click lands before FullCalendar is loaded.
    await calendar.locator(`[role=cell][data-date="${day}"] [role=link]`).dispatchEvent("click");
    await expect(calendar.locator("[data-phase]")).toHaveAttribute("data-phase", "live");
    await expect(page.locator("[data-events-heading]")).toHaveText(new RegExp(`^\\d+ événements? le ${longDate(day!)}$`));
    await expect(calendar.locator(`[role=cell][data-date="${day}"]`)).toHaveClass(/is-picked/);
  });

  test("keyboard focus entering it brings FullCalendar in and stays on the same control", async ({ page }) => {
    await page.goto("/events", { waitUntil: "networkidle" });
    const calendar = page.locator("#events-calendar");
    await page.getByRole("link", { name: "Passer le calendrier" }).focus();
    await page.keyboard.press("Tab");
    const previous = calendar.getByRole("button", { name: "Mois précédent" });
    await expect(previous).toBeFocused();
    await expect(calendar.locator("[data-phase]")).toHaveAttribute("data-phase", "live");
    await expect(previous).toBeFocused();
    await expect(calendar.locator(".mg")).toHaveCount(0);
    await page.keyboard.press("Enter");
    const now = new Date();
    const before = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    await expect(calendar.getByRole("heading", { level: 2 })).toHaveText(new RegExp(`^${monthTitle(before)}$`, "i"));
  });

  test("read in another month than the one it was built in, it gives way to FullCalendar at once", async ({ page }) => {
    const later = new Date(Date.now() + 40 * 86_400_000);
    await page.clock.setFixedTime(later);
    await page.goto("/events", { waitUntil: "networkidle" });
    const calendar = page.locator("#events-calendar");
    await expect(calendar.locator("[data-phase]")).toHaveAttribute("data-phase", "live");
    await expect(calendar.getByRole("heading", { level: 2 })).toHaveText(new RegExp(`^${monthTitle(later)}$`, "i"));
    await expect(calendar.locator(".is-today")).toHaveAttribute("data-date", later.toISOString().slice(0, 10));
  });

  test("another day of the same month is marked as today without loading FullCalendar", async ({ page }) => {
    const now = new Date();
    // The first or the last day of this month, whichever today is not.
    const other = now.getUTCDate() === 1 ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0, 12)) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 12));
    await page.clock.setFixedTime(other);
    await page.goto("/events", { waitUntil: "networkidle" });
    const calendar = page.locator("#events-calendar");
    await expect(calendar.locator(".is-today")).toHaveCount(1);
    await expect(calendar.locator(".is-today")).toHaveAttribute("data-date", other.toISOString().slice(0, 10));
    await expect(calendar.locator("[data-phase]")).toHaveAttribute("data-phase", "static");
  });
});

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
    await expect(link).toHaveAttribute("title", `${fr(event.title)} — ${fr(event.location) || "Lieu non précisé"}`);
    await expect(calendar.locator(`[role=cell][data-date="${event.startDate.slice(0, 10)}"]`)).toHaveClass(/has-events/);
    await link.click();
    await page.waitForURL(`**/event/${event.url}`);
    await expect(page.locator("h1")).toHaveText(fr(event.title));
  });

  test("marks the days an event starts, not every day a long event covers (issue 13, item 5)", async ({ page }) => {
    const list = await events(page);
    const starts = new Set(list.map((e) => e.startDate.slice(0, 10)));
    const long = list.find((e) => {
      const covered = [1, 2].map((d) => dayOf(Date.parse(e.startDate) + d * 86_400_000));
      return covered.every((d) => covers(e, d) && !starts.has(d));
    });
    expect(long, "an event over several days with no other event starting on its second and third days").toBeTruthy();
    await page.goto("/events");
    const calendar = page.locator("#events-calendar");
    await showMonthOf(calendar, long!.startDate.slice(0, 10));
    await expect(calendar.locator(`[role=cell][data-date="${long!.startDate.slice(0, 10)}"]`)).toHaveClass(/has-events/);
    for (const d of [1, 2].map((n) => dayOf(Date.parse(long!.startDate) + n * 86_400_000))) {
      await expect(calendar.locator(`[role=cell][data-date="${d}"]`), d).not.toHaveClass(/has-events/);
    }
  });

  test("a title too long for its day ends with an ellipsis, before and after FullCalendar takes over", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/events");
    const calendar = page.locator("#events-calendar");
    const cutWithoutEllipsis = () =>
      calendar.locator("a[href^='/event/'] *").evaluateAll((els) =>
        els
          .filter((el) => el.children.length === 0 && el.scrollWidth > el.clientWidth + 1)
          .filter((el) => getComputedStyle(el).textOverflow !== "ellipsis")
          .map((el) => el.textContent),
      );
    expect(await cutWithoutEllipsis(), "static month").toEqual([]);
    await liveCalendar(calendar);
    expect(await cutWithoutEllipsis(), "FullCalendar").toEqual([]);
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
    await expect(page.getByRole("dialog")).toContainText(fr(list.find((e) => covers(e, busy) && e.startDate.startsWith(busy))!.title));
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
    // The mouse clicks in the viewport: the day's cell must be in it (a later month's day can sit below the fold).
    await cell.scrollIntoViewIfNeeded();
    const box = (await cell.boundingBox())!;
    await page.mouse.click(box.x + 4, box.y + box.height - 4);
    const heading = page.locator("[data-events-heading]");
    await expect(heading).toHaveText(`${eventCount(expected.length)} le ${longDate(day)}`);
    await expect(visibleRows(page)).toHaveCount(expected.length);
    for (const e of expected) await expect(visibleRows(page).getByRole("link", { name: fr(e.title), exact: true })).toBeVisible();
    await expect(page.locator("[data-table-tools=events-table] [data-count]")).toHaveText(
      `${expected.length} ${expected.length < 2 ? "événement" : "événements"}`,
    );

    // The sort selector keeps working on the filtered rows.
    await page.getByLabel("Trier").selectOption({ label: "Par titre" });
    const titles = await visibleRows(page).locator("td:first-child").allTextContents();
    expect(titles.map((t) => t.trim())).toEqual(expected.map((e) => e.title).sort(new Intl.Collator("fr", { sensitivity: "base", numeric: true }).compare).map((t) => fr(t)));

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
      `${eventCount(list.filter((e) => covers(e, day)).length)} le ${longDate(day)}`,
    );
  });
});

test.describe("the events table", () => {
  test("sorts by date by default, and by recent, title and place", async ({ page }) => {
    const list = await events(page);
    await page.goto("/events");
    const sort = page.getByLabel("Trier");
    await expect(sort.locator("option")).toHaveText(["Plus récents", "Par date", "Par titre", "Par lieu"]);
    await expect(sort).toHaveValue("when:asc");
    const titles = () => visibleRows(page).locator("td:first-child").allTextContents().then((t) => t.map((s) => s.trim()));
    // « Par date » (issue 13, item 5): events to come (or under way) first, soonest first; then past events, most
    // recent first, under their own heading.
    const now = Date.now();
    const isPast = (e: ApiEvent) => Date.parse(e.endDate || e.startDate) < now;
    const upcoming = list.filter((e) => !isPast(e)).sort((a, b) => a.startDate.localeCompare(b.startDate));
    const past = list.filter(isPast).sort((a, b) => b.startDate.localeCompare(a.startDate));
    expect(upcoming.length * past.length, "the demo has events on both sides of today").toBeGreaterThan(0);
    expect(await titles()).toEqual([...upcoming, ...past].map((e) => fr(e.title)));
    const divider = page.locator("#events-table tbody tr[data-divider]");
    await expect(divider).toBeVisible();
    await expect(divider).toHaveText("Événements passés");
    // The divider sits right before the first past event.
    const next = await divider.evaluate((tr) => tr.nextElementSibling?.querySelector("td a")?.textContent?.trim());
    expect(next).toBe(fr(past[0]!.title));

    await sort.selectOption({ label: "Par lieu" });
    await expect(divider).toBeHidden();
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
