import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN, appViolations, islandsHydrated, MEMBER, signIn, tag } from "./support/apps";
import { mailboxMark, waitForMail } from "./support/mailbox";

/**
 * Event registration (issue 22) in Chromium at 1280 and 375 px, on the demo seed's events open for registration:
 * a visitor registers on the public page, confirms their address by the link mailed to them (issue 30 §4: a button
 * on the link's page, so a mail scanner confirms nothing), gets the confirmation from the journeys' SMTP server
 * with the event as a valid .ics, and cancels by the mailed link; a member registers in one click and cancels in
 * « Mes inscriptions »; an admin exports the CSV and checks someone in. Every screen passes axe (0 serious
 * violations).
 */
type PublicEvent = { _id: string; title: string; url: string; startDate: string; location: string };

const CAFE = "Café-débat : éthique du numérique et vie privée";
const ASSEMBLY = "Assemblée générale annuelle de l'Institut";
const WORKSHOP = "Atelier d'écriture pour lycéens";

async function eventNamed(request: APIRequestContext, title: string): Promise<PublicEvent> {
  const events = (await (await request.get("/api/public/events")).json()) as PublicEvent[];
  const event = events.find((e) => e.title === title);
  expect(event, `seeded event « ${title} »`).toBeDefined();
  return event!;
}

/** An .ics as its logical lines (RFC 5545 folding undone). */
const icsLines = (text: string) => text.replace(/\r\n[ \t]/g, "").split("\r\n").filter(Boolean);

/** The iCalendar TEXT escaping of a title (commas, semicolons, backslashes). */
const icsText = (text: string) => text.replace(/\\/g, "\\\\").replace(/[,;]/g, (c) => `\\${c}`);

const widths = [1280, 375] as const;

/** What a visitor is told, whatever the address (api/modules/registrations/service.ts VISITOR_ANSWER). */
const VISITOR_ANSWER = "Un courriel vient d'être envoyé à cette adresse\u00a0: suivez le lien qu'il contient dans les 30 minutes pour confirmer votre inscription.";

/** The link of the mail that confirms `email`'s registration to `title`, as a path. */
async function confirmLink(email: string, title: string, mark: string): Promise<string> {
  const delivered = await waitForMail(email, `Confirmez votre inscription\u00a0: ${title}`, mark);
  const link = /\/inscription\/confirmer#token=[A-Za-z0-9_-]{43}/.exec(delivered.mail.text ?? "");
  expect(link, delivered.mail.text).not.toBeNull();
  return link![0];
}

for (const width of widths) {
  test.describe(`event registration at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test("a visitor registers, confirms their address by the mailed link, receives the confirmation with a valid .ics, and cancels by the mailed link", async ({ page, request }) => {
      const event = await eventNamed(request, CAFE);
      const email = `visiteur-${width}-${tag()}@example.sn`;
      const mark = mailboxMark();
      await page.goto(`/event/${event.url}`);
      await islandsHydrated(page);
      const form = page.getByRole("form", { name: "S'inscrire" });
      await expect(form.getByText(/^\d+ places? restantes?$/)).toBeVisible();
      expect(await appViolations(page, ".registration-form"), "the registration island").toEqual([]);

      // A malformed address is refused in French, nothing is written.
      await form.getByLabel("Nom et prénom").fill("Aïssatou Ndiaye");
      await form.getByLabel("Adresse e-mail").fill("aissatou.example.sn");
      await form.getByRole("button", { name: "S'inscrire" }).click();
      await expect(form.getByRole("alert")).toHaveText("L'adresse e-mail n'est pas valide.");

      await form.getByLabel("Adresse e-mail").fill(email);
      await form.getByLabel("Quelle question aimeriez-vous poser aux intervenants\u00a0?").fill("Comment protéger les données des élèves\u00a0?");
      await form.getByRole("button", { name: "S'inscrire" }).click();
      // The same answer for any address: the place waits for the address to be confirmed.
      await expect(page.getByRole("status")).toHaveText(VISITOR_ANSWER);

      // The mailed link opens a page that confirms on a press only (a mail scanner opening it confirms nothing).
      await page.goto(await confirmLink(email, event.title, mark));
      await islandsHydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: "Confirmer mon inscription" })).toBeVisible();
      await expect.poll(() => new URL(page.url()).hash).toBe("");
      expect(await appViolations(page), "the confirmation page").toEqual([]);
      await page.getByRole("button", { name: "Confirmer mon inscription" }).click();
      await expect(page.getByRole("status")).toHaveText("Votre inscription est confirmée. Un courriel de confirmation vous a été envoyé.");
      await expect(page.getByRole("link", { name: event.title })).toBeVisible();

      const delivered = await waitForMail(email, `Inscription confirmée\u00a0: ${event.title}`, mark);
      const ics = delivered.mail.attachments.find((a) => a.filename?.endsWith(".ics"));
      expect(ics, "the .ics attachment").toBeDefined();
      expect(ics!.contentType).toBe("text/calendar");
      const lines = icsLines(ics!.content.toString("utf8"));
      expect(lines[0]).toBe("BEGIN:VCALENDAR");
      expect(lines.at(-1)).toBe("END:VCALENDAR");
      expect(lines).toContain("BEGIN:VEVENT");
      expect(lines).toContain(`SUMMARY:${icsText(event.title)}`);
      // Dakar is on UTC all year: the local time written with TZID is the instant's UTC digits.
      expect(lines).toContain(`DTSTART;TZID=Africa/Dakar:${event.startDate.replace(/[-:]/g, "").slice(0, 15)}`);
      expect(lines.find((l) => l.startsWith("UID:"))).toMatch(new RegExp(`^UID:${event._id}@`));

      const link = /\/inscription\/annuler#token=[A-Za-z0-9_-]{43}/.exec(delivered.mail.text ?? "");
      expect(link, delivered.mail.text).not.toBeNull();
      await page.goto(link![0]);
      await islandsHydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: "Annuler mon inscription" })).toBeVisible();
      // The token left the address bar as soon as the page read it.
      await expect.poll(() => new URL(page.url()).hash).toBe("");
      expect(await appViolations(page), "the cancel page").toEqual([]);
      await page.getByRole("button", { name: "Annuler mon inscription" }).click();
      await expect(page.getByRole("status")).toHaveText("Votre inscription est annulée.");
      await expect(page.getByRole("link", { name: event.title })).toBeVisible();
    });

    test("a member registers in one click on a members-only event and cancels in « Mes inscriptions »", async ({ page, request }) => {
      const event = await eventNamed(request, ASSEMBLY);
      const login = await request.post("/api/auth/login", { data: { nickname: MEMBER.nickname, password: MEMBER.password } });
      const email = ((await login.json()) as { user: { email: string } }).user.email;
      const mark = mailboxMark();
      // A visitor is asked to sign in.
      await page.goto(`/event/${event.url}`);
      await islandsHydrated(page);
      await expect(page.getByText("Cet événement est réservé aux membres")).toBeVisible();

      await signIn(page, MEMBER);
      await page.goto(`/event/${event.url}`);
      await islandsHydrated(page);
      const form = page.getByRole("form", { name: "S'inscrire" });
      await expect(form.getByText("Vous êtes connecté en tant que")).toBeVisible();
      await expect(form.getByLabel("Adresse e-mail")).toHaveCount(0);
      expect(await appViolations(page, ".registration-form"), "the member's registration island").toEqual([]);
      await form.getByRole("button", { name: "S'inscrire" }).click();
      await expect(page.getByRole("status")).toHaveText("Votre inscription est confirmée. Un courriel de confirmation vous a été envoyé.");
      await waitForMail(email, `Inscription confirmée\u00a0: ${event.title}`, mark);

      await page.goto("/user/inscriptions");
      await islandsHydrated(page);
      const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: event.title }) });
      await expect(row).toContainText("Confirmée");
      expect(await appViolations(page), "« Mes inscriptions »").toEqual([]);
      await row.getByRole("button", { name: `Annuler mon inscription à ${event.title}` }).click();
      // The app's toast region is a status too: the screen's own notice is the one with text.
      await expect(page.getByRole("status").filter({ hasText: "Votre inscription est annulée." })).toBeVisible();
      await expect(row).toContainText("Annulée");
    });

    test("an admin exports the registrants as CSV for a French spreadsheet and checks someone in", async ({ page, request }) => {
      test.setTimeout(90_000);
      const event = await eventNamed(request, WORKSHOP);
      const name = `Lycéen ${width} ${tag()}`;
      const email = `lyceen-${width}-${tag()}@example.sn`;
      const mark = mailboxMark();
      const res = await request.post(`/api/events/${event._id}/registrations`, {
        data: { name, email, answer: "Lycée Blaise-Diagne; terminale L", consent: true },
      });
      expect(res.status(), await res.text()).toBe(202);
      // The registrant confirms their address by the mailed link (the page's button posts this).
      const token = new URL(await confirmLink(email, event.title, mark), "http://x").hash.slice("#token=".length);
      const confirmed = await request.post("/api/registrations/confirm", { data: { token } });
      expect(confirmed.status(), await confirmed.text()).toBe(200);

      await signIn(page, ADMIN);
      // The event list gives each event's counts; its « Inscrits » link opens the registrants.
      await page.goto(`/admin/events?q=${encodeURIComponent("atelier écriture lycéens")}`);
      await islandsHydrated(page);
      const link = page.getByRole("link", { name: new RegExp(`^Inscrits\\s*:\\s*[1-9]\\d*\\s+à ${event.title}$`) });
      await link.click();
      await page.waitForURL(`**/admin/inscriptions?event=${event._id}`);
      await islandsHydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: `Inscriptions\u00a0: ${event.title}` })).toBeVisible();
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row).toContainText("Confirmée");
      expect(await appViolations(page), "/admin/inscriptions").toEqual([]);

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exporter en CSV" }).click()]);
      const bytes = readFileSync((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...lines] = bytes.subarray(3).toString("utf8").split("\r\n");
      expect(header).toBe("Nom;Courriel;Réponse;Inscrit le;État;Position d'attente;Membre;Présent");
      const line = lines.find((l) => l.startsWith(`${name};`));
      expect(line).toContain(`;"Lycée Blaise-Diagne; terminale L";`);
      expect(line).toContain(";Confirmée;;non;");

      // At the door: a few letters of the name, without the accent, find the person among the others.
      await page.getByLabel("Rechercher un inscrit").fill(`lyceen ${width}`);
      await expect(page.getByRole("table", { name: "Inscrits" }).locator("tbody tr")).toHaveCount(await page.getByRole("row").filter({ hasText: `Lycéen ${width}` }).count());
      await expect(row).toBeVisible();
      await page.getByLabel("Rechercher un inscrit").fill("personne-de-ce-nom");
      await expect(page.getByText("Aucun inscrit ne correspond à cette recherche.")).toBeVisible();
      await page.getByLabel("Rechercher un inscrit").fill("");

      const present = row.getByRole("switch", { name: `Présent\u00a0: ${name}` });
      await expect(present).not.toBeChecked();
      // At the door, on a phone: the switch is big enough to hit with a thumb.
      const box = await present.locator("xpath=..").boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await present.click();
      await expect(present).toBeChecked();
      await expect(page.getByText(/^\d+ présents? sur \d+$/)).toBeVisible();
      await page.reload();
      await islandsHydrated(page);
      await expect(page.getByRole("row").filter({ hasText: name }).getByRole("switch")).toBeChecked();
      expect(await appViolations(page), "/admin/inscriptions after a check-in").toEqual([]);

      // A message to all registrants goes through the outbox and reaches them.
      const messageMark = mailboxMark();
      const subject = `Changement de salle (${width} px)`;
      await page.getByLabel("Sujet").fill(subject);
      await page.getByLabel("Message").fill("L'atelier aura lieu dans la salle du Castel, au premier étage.");
      await page.getByRole("button", { name: "Envoyer à tous les inscrits" }).click();
      await expect(page.getByRole("status").filter({ hasText: /^Message placé dans la file d'envoi pour \d+ inscrits?\.$/ })).toBeVisible();
      const delivered = await waitForMail(email, subject, messageMark);
      expect(delivered.mail.text).toContain("salle du Castel");
    });
  });
}
