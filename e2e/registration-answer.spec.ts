import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, appViolations, authHeaders, islandsHydrated, MEMBER, signIn, tag } from "./support/apps";

/**
 * After « S'inscrire » on a phone (issue 33 §3), at 375 px: the answer replaces the form, which ended below the
 * screen, so the answer is brought into view and takes the focus (the visitor reads it instead of the footer).
 * « Ajouter à mon agenda » stays offered only to someone with a place: a visitor whose place waits for their
 * address and a member put on the waiting list no longer see it; a member with a confirmed place still does.
 */
test.use({ viewport: { width: 375, height: 740 } });

const CAFE = "Café-débat : éthique du numérique et vie privée";
const REBUILD_WAIT = { timeout: 150_000, intervals: [1_000, 2_000] };

type PublicEvent = { _id: string; title: string; url: string };

async function publicEvent(request: APIRequestContext, title: string): Promise<PublicEvent> {
  const events = (await (await request.get("/api/public/events")).json()) as PublicEvent[];
  const event = events.find((e) => e.title === title);
  expect(event, `public event « ${title} »`).toBeDefined();
  return event!;
}

/** The answer where the form was: the one status with text, focused and on the screen. */
async function expectAnswerInSight(page: Page, text: string | RegExp) {
  const answer = page.locator(".registration-answer");
  await expect(answer).toHaveText(text);
  await expect(answer).toBeFocused();
  await expect(answer).toBeInViewport();
  expect(await appViolations(page), "the page with the answer").toEqual([]);
}

const agenda = (page: Page) => page.getByRole("link", { name: "Ajouter à mon agenda" });

test("a visitor's answer is scrolled into view and focused, and the calendar link waits for a place", async ({ page, request }) => {
  const event = await publicEvent(request, CAFE);
  await page.goto(`/event/${event.url}`);
  await islandsHydrated(page);
  await expect(agenda(page)).toBeVisible();
  const form = page.getByRole("form", { name: "S'inscrire" });
  await form.getByLabel("Nom et prénom").fill("Mariama Sarr");
  await form.getByLabel("Adresse e-mail").fill(`telephone-${tag()}@example.sn`);
  await form.getByRole("button", { name: "S'inscrire" }).click();
  await expectAnswerInSight(page, /^Un courriel vient d'être envoyé à cette adresse/);
  // The place waits for the address: the calendar comes with the mail that confirms it.
  await expect(agenda(page)).toBeHidden();
});

test("a member with a place keeps « Ajouter à mon agenda », one on the waiting list does not", async ({ browser, page, request }) => {
  test.setTimeout(200_000);
  const t = tag();
  const title = `Rencontre à une place ${t}`;
  const day = new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10);
  const created = await request.post("/api/admin/events", {
    headers: await authHeaders(request, ADMIN),
    data: { title, location: "Gorée", startDate: `${day}T18:30`, endDate: `${day}T20:00`, online: true, registrationOpen: true, registrationAudience: "members", registrationCapacity: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as PublicEvent;
  expect(event.url).toBeTruthy();
  await expect.poll(async () => (await request.get(`/event/${event.url}`)).status(), REBUILD_WAIT).toBe(200);

  // The first member takes the one place.
  await signIn(page, MEMBER);
  await page.goto(`/event/${event.url}`);
  await islandsHydrated(page);
  await page.getByRole("form", { name: "S'inscrire" }).getByRole("button", { name: "S'inscrire" }).click();
  await expectAnswerInSight(page, "Votre inscription est confirmée. Un courriel de confirmation vous a été envoyé.");
  await expect(agenda(page)).toBeVisible();

  // The next one joins the waiting list: no calendar link until a place frees up.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "fr-FR", timezoneId: "Africa/Dakar", viewport: { width: 375, height: 740 } });
  const other = await context.newPage();
  try {
    await signIn(other, ADMIN);
    await other.goto(`/event/${event.url}`);
    await islandsHydrated(other);
    const form = other.getByRole("form", { name: "S'inscrire" });
    await expect(form.getByText("Complet — liste d'attente")).toBeVisible();
    await form.getByRole("button", { name: "S'inscrire sur la liste d'attente" }).click();
    await expectAnswerInSight(other, /^L'événement est complet\u00a0: vous êtes en position 1 sur la liste d'attente\./);
    await expect(agenda(other)).toBeHidden();
  } finally {
    await context.close();
  }
});
