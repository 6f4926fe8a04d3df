import { createClient } from "@libsql/client";
import { expect, test, type Page } from "@playwright/test";
import { newId } from "../db/ids";
import { ADMIN, appViolations, authHeaders, islandsHydrated, signIn, tag } from "./support/apps";
import { mailboxMark, waitForMail } from "./support/mailbox";

/**
 * At the door (issue 33 §3), at 375 and 1280 px, with axe on every state: an admin opens an event's registrants;
 * the counts, the search field and the first name are in the first screen; the « Présent » switches are at least
 * 44 × 44 px; someone checked in and a walk-in added on the spot are counted (« 2 présents sur 25 »), a second
 * walk-in is refused once the event is full; a cancellation, confirmed, moves the person to the folded list and
 * mails them; the counts stay in sight at the bottom of the page.
 */

const PEOPLE = 24;
const CAPACITY = 25;
const nn = (i: number) => String(i).padStart(2, "0");

/** The box of a locator; fails the test when it is not laid out. */
async function box(page: Page, selector: ReturnType<Page["locator"]>) {
  const b = await selector.boundingBox();
  expect(b, "laid out").not.toBeNull();
  return b!;
}

for (const width of [375, 1280]) {
  test.describe(`at the door at ${width} px`, () => {
    const height = width === 375 ? 740 : 900;
    test.use({ viewport: { width, height } });

    test("checks people in, adds a walk-in within the capacity, cancels a registration into the folded list, counts always in sight", async ({ page, request }) => {
      test.skip(!process.env.E2E_DATABASE_URL, "stands in for 24 registrants through the database of the server e2e/global-setup.ts starts");
      test.setTimeout(120_000);
      const t = tag();
      const title = `Soirée à la porte ${width} ${t}`;
      const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
      const created = await request.post("/api/admin/events", {
        headers: await authHeaders(request, ADMIN),
        data: { title, location: "Dakar", startDate: `${day}T18:00`, endDate: `${day}T20:00`, online: false, registrationOpen: true, registrationCapacity: CAPACITY },
      });
      expect(created.status(), await created.text()).toBe(201);
      const eventId = ((await created.json()) as { _id: string })._id;

      // 24 people registered earlier, one second apart (the public registration is limited per address and hour,
      // and is not what this journey is about): written as the registration service writes a confirmed place.
      const name = (i: number) => `Participant ${nn(i)} ${t}`;
      const email = (i: number) => `participant-${nn(i)}-${width}-${t}@example.sn`;
      const db = createClient({ url: process.env.E2E_DATABASE_URL! });
      try {
        const start = Date.now() - 60 * 60_000;
        for (let i = 1; i <= PEOPLE; i++) {
          await db.execute({
            sql: "insert into event_registrations (id, event_id, name, email, email_key, answer, state, cancel_token_hash, created_at, updated_at) values (?, ?, ?, ?, ?, '', 'confirmed', ?, ?, ?)",
            args: [newId(), eventId, name(i), email(i), email(i), `porte-${newId()}`, start + i * 1000, start + i * 1000],
          });
        }
      } finally {
        db.close();
      }

      await signIn(page, ADMIN);
      await page.goto(`/admin/inscriptions?event=${eventId}`);
      await islandsHydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: `Inscriptions\u00a0: ${title}` })).toBeVisible();
      const counts = page.locator(".door-counts");
      await expect(counts.locator("strong")).toHaveText(`0 présent sur ${PEOPLE}`);
      await expect(counts).toContainText(`1 place libre sur ${CAPACITY}`);
      const first = page.getByRole("rowheader", { name: name(1), exact: true });
      await expect(first).toBeVisible();

      // The first screen: the counts, the search field and the first person with their switch, without scrolling.
      expect(await page.evaluate(() => scrollY)).toBe(0);
      const search = page.getByLabel("Rechercher un inscrit");
      for (const [what, target] of [
        ["the search field", search],
        ["the first name", first],
        ["the first switch", page.getByRole("switch", { name: `Présent\u00a0: ${name(1)}` })],
      ] as const) {
        const b = await box(page, target);
        expect(b.y + b.height, `${what} ends within the first ${height} px`).toBeLessThanOrEqual(height);
      }
      expect(await appViolations(page), "/admin/inscriptions at the door").toEqual([]);

      // Targets for a thumb: each switch's own box, the walk-in button and, on a phone, the cancel buttons.
      const present = page.getByRole("switch", { name: `Présent\u00a0: ${name(1)}` });
      const switchBox = await box(page, present);
      expect(switchBox.width).toBeGreaterThanOrEqual(44);
      expect(switchBox.height).toBeGreaterThanOrEqual(44);
      const addButton = page.getByRole("button", { name: "Ajouter sur place" });
      expect((await box(page, addButton)).height).toBeGreaterThanOrEqual(44);
      if (width === 375) expect((await box(page, page.getByRole("button", { name: `Annuler l'inscription de ${name(1)}` }))).height).toBeGreaterThanOrEqual(44);

      // Checked in: counted at once.
      await present.click();
      await expect(present).toBeChecked();
      await expect(counts).toContainText(`1 présent sur ${PEOPLE}`);

      // A walk-in without an e-mail takes the last place and is present.
      const walker = `Passant ${t}`;
      await addButton.click();
      const dialog = page.getByRole("dialog", { name: "Ajouter sur place" });
      await dialog.getByLabel("Nom et prénom").fill(walker);
      expect(await appViolations(page), "« Ajouter sur place »").toEqual([]);
      await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("status").getByText(`${walker}\u00a0: ajout sur place enregistré, présence pointée.`)).toBeVisible();
      await expect(counts).toContainText(`2 présents sur ${CAPACITY}`);
      await expect(counts).toContainText(`Complet (${CAPACITY} places)`);
      await expect(page.getByRole("switch", { name: `Présent\u00a0: ${walker}` })).toBeChecked();

      // The event is full now: the next one is refused in French, in the dialog, and nothing is added.
      await addButton.click();
      await dialog.getByLabel("Nom et prénom").fill(`Retardataire ${t}`);
      await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
      await expect(dialog.getByRole("alert")).toHaveText(`L'événement est complet (${CAPACITY} places)\u00a0: impossible d'ajouter une personne sur place.`);
      expect(await appViolations(page), "a walk-in refused when full").toEqual([]);
      await dialog.getByRole("button", { name: "Annuler", exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Quitter sans enregistrer" }).click();
      await expect(dialog).toBeHidden();
      await expect(counts).toContainText(`2 présents sur ${CAPACITY}`);

      // « Annuler l'inscription », confirmed: the person leaves the list for the folded one, and is mailed.
      const mark = mailboxMark();
      await page.getByRole("button", { name: `Annuler l'inscription de ${name(3)}` }).click();
      const question = page.getByRole("alertdialog");
      await expect(question).toContainText(`Annuler l'inscription de ${name(3)}\u00a0? Un courriel l'en informera.`);
      expect(await appViolations(page), "the cancellation question").toEqual([]);
      await question.getByRole("button", { name: "Annuler l'inscription", exact: true }).click();
      await expect(page.getByRole("status").getByText(`Inscription de ${name(3)} annulée. Un courriel l'en informe.`)).toBeVisible();
      await expect(page.getByRole("rowheader", { name: name(3), exact: true })).toBeHidden();
      await expect(counts).toContainText(`2 présents sur ${PEOPLE}`);
      const folded = page.getByText("Inscriptions annulées (1)");
      await folded.click();
      const gone = page.getByRole("table", { name: "Inscriptions annulées" }).getByRole("rowheader", { name: name(3), exact: true });
      // Cards far below the screen are not painted on phones (content-visibility): bring it into view first.
      await gone.scrollIntoViewIfNeeded();
      await expect(gone).toBeVisible();
      expect(await appViolations(page), "the folded list of cancellations, open").toEqual([]);
      const told = await waitForMail(email(3), `Inscription annulée\u00a0: ${title}`, mark);
      expect(told.mail.text).toContain("Les organisateurs ont annulé votre inscription");

      // Scrolled to the end of the screen (past the whole list, down to the organizers' last button), the counts
      // are still in sight, under the site's header, covered by nothing. (Below the screen come the navigation and
      // the footer, which the counts do not follow.)
      await page.getByRole("button", { name: "Envoyer à tous les inscrits" }).evaluate((b) => b.scrollIntoView({ block: "end" }));
      await expect.poll(async () => (await first.boundingBox())?.y ?? 0).toBeLessThan(0);
      const pinned = await box(page, counts);
      expect(pinned.y).toBeGreaterThanOrEqual(0);
      expect(pinned.y + pinned.height).toBeLessThanOrEqual(height);
      const onTop = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest(".door-counts") instanceof HTMLElement,
        { x: pinned.x + pinned.width / 2, y: pinned.y + pinned.height / 2 },
      );
      expect(onTop, "nothing covers the counts").toBe(true);
      await expect(counts).toBeVisible();
    });
  });
}
