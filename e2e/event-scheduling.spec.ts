import { createClient } from "@libsql/client";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN, appViolations, authHeaders, islandsHydrated, signIn, tag } from "./support/apps";

/**
 * « Mettre en ligne le » (issue 20 §5), at 1280 and 375 px: an admin schedules an offline event two minutes ahead
 * in its form; the list says « Programmé »; the public page does not exist yet. The test then stands in for the
 * clock by bringing that minute to now in the database, and nobody acts: the server puts the event online and
 * rebuilds the site by itself.
 */

type Event = { _id: string; url: string; title: string; online: boolean; publishAt: string | null };

const REBUILD_WAIT = { timeout: 120_000, intervals: [500, 1_000] };

async function publicEventIs(request: APIRequestContext, url: string, status: number) {
  await expect.poll(async () => (await request.get(`/event/${url}`)).status(), REBUILD_WAIT).toBe(status);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 900 } });

    test("an admin schedules an offline event with « Mettre en ligne le » and the server publishes it at that minute", async ({ page, request }) => {
      test.skip(!process.env.E2E_DATABASE_URL, "stands in for the clock through the database of the server e2e/global-setup.ts starts");
      test.setTimeout(180_000);
      const t = tag();
      const title = `Conférence sur le littoral ${width} ${t}`;
      const admin = await authHeaders(request, ADMIN);
      const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
      const res = await request.post("/api/admin/events", {
        headers: admin,
        data: { title, location: "Saint-Louis", startDate: `${day}T18:00`, endDate: `${day}T20:00`, online: false },
      });
      expect(res.status(), await res.text()).toBe(201);
      const event = (await res.json()) as Event;
      expect((await request.get(`/event/${event.url}`)).status()).toBe(404);

      await signIn(page, ADMIN);
      await page.goto(`/admin/events?q=${encodeURIComponent(t)}`);
      await islandsHydrated(page);
      const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title, exact: true }) });
      await expect(row.getByText("Hors ligne", { exact: true })).toBeAttached();
      await row.getByRole("button", { name: `Modifier : ${title}` }).click();
      const form = page.getByRole("dialog", { name: "Modifier l'événement" });
      // Dakar is UTC+0 all year: the field's value is the UTC date and time, two minutes ahead.
      const when = new Date(Date.now() + 2 * 60_000).toISOString().slice(0, 16);
      await form.getByLabel("Mettre en ligne le").fill(when);
      await expect(form.getByLabel("En ligne (visible sur le site public)")).not.toBeChecked();
      expect(await appViolations(page)).toEqual([]);
      const saved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/events/${event._id}`) && r.request().method() === "PUT");
      await form.getByRole("button", { name: "Enregistrer" }).click();
      const answer = (await (await saved).json()) as Event;
      expect(answer).toMatchObject({ online: false, publishAt: `${when}:00.000Z` });
      await expect(page.getByRole("status").getByText("Événement mis à jour.")).toBeVisible();
      await expect(form).toBeHidden();

      // « Programmé » in the list, and among the scheduled ones; still nothing public.
      await expect(row.getByText(/Programmé le \d+ \S+ \d{4} à \d{1,2}\u00a0h\u00a0\d\d/)).toBeVisible();
      await page.goto(`/admin/events?status=scheduled&q=${encodeURIComponent(t)}`);
      await islandsHydrated(page);
      await expect(page.getByRole("rowheader", { name: title, exact: true })).toBeVisible();
      expect(await appViolations(page)).toEqual([]);
      expect((await request.get(`/event/${event.url}`)).status()).toBe(404);

      // The clock: the scheduled minute brought to now, as if the two minutes had passed. Nobody acts after this.
      const db = createClient({ url: process.env.E2E_DATABASE_URL! });
      try {
        await db.execute({ sql: "update events set publish_at = ? where id = ?", args: [Date.now() - 1000, event._id] });
      } finally {
        db.close();
      }
      await publicEventIs(request, event.url, 200);
      expect(await (await request.get(`/event/${event.url}`)).text()).toContain("Conférence sur le littoral");
      const listed = (await (await request.get(`/api/admin/events?page=1&q=${encodeURIComponent(t)}`, { headers: admin })).json()) as { items: Event[] };
      expect(listed.items.find((e) => e._id === event._id)).toMatchObject({ online: true, publishAt: null });

      // The list follows: online, no longer « Programmé ».
      await page.goto(`/admin/events?q=${encodeURIComponent(t)}`);
      await islandsHydrated(page);
      await expect(row.getByText("En ligne", { exact: true })).toBeAttached();
      await expect(row.getByText(/Programmé le/)).toHaveCount(0);
    });
  });
}
