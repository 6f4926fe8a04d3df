import { expect, test, type Route } from "@playwright/test";

/** Contact screen (spec §2 "Contact screen", §8): required fields, sending state, success and error messages. */

const fill = async (page: import("@playwright/test").Page) => {
  await page.getByLabel("Nom").fill("Awa Diallo");
  await page.getByLabel("Email").fill("awa.diallo@example.org");
  await page.getByLabel("Sujet").fill("Proposition de partenariat");
  await page.getByLabel("Message").fill("Bonjour, nous aimerions présenter notre association lors d'un prochain café-débat.");
};

test.describe("the contact form", () => {
  test("requires the four fields (email typed) and sends nothing while one is missing", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    await page.goto("/contact");
    for (const label of ["Nom", "Email", "Sujet", "Message"]) await expect(page.getByLabel(label)).toHaveAttribute("required", "");
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");

    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect(page.locator("[data-contact-form] :invalid")).toHaveCount(4);
    await fill(page);
    await page.getByLabel("Email").fill("pas-une-adresse");
    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect(page.locator("[data-contact-form] :invalid")).toHaveCount(1);
    expect(posts).toEqual([]);
  });

  test("disables Envoyer while sending, then thanks the visitor and clears the fields", async ({ page }) => {
    await page.goto("/contact");
    await fill(page);
    // Hold the request until the button has been seen disabled; it then reaches the real server.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let sent: Record<string, string> | null = null;
    await page.route("**/api/public/contact", async (route: Route) => {
      sent = route.request().postDataJSON();
      await held;
      await route.continue();
    });
    const button = page.getByRole("button", { name: "Envoyer" });
    await button.click();
    await expect(button).toBeDisabled();
    release();
    await expect(page.locator("[data-contact-form]").getByRole("status")).toHaveText("Message envoyé, Merci\u00a0!");
    await expect(button).toBeEnabled();
    expect(sent).toMatchObject({ name: "Awa Diallo", email: "awa.diallo@example.org", subject: "Proposition de partenariat" });
    for (const label of ["Nom", "Email", "Sujet", "Message"]) await expect(page.getByLabel(label)).toHaveValue("");
  });

  test("shows the server's message when sending fails, or the spec's fallback", async ({ page }) => {
    await page.goto("/contact");
    await fill(page);
    await page.route("**/api/public/contact", (route) =>
      route.fulfill({ status: 429, json: { message: "Trop de messages envoyés. Merci de réessayer dans quelques minutes." } }),
    );
    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect(page.locator("[data-contact-form]").getByRole("status")).toHaveText("Trop de messages envoyés. Merci de réessayer dans quelques minutes.");
    // The fields are kept so the visitor can try again.
    await expect(page.getByLabel("Nom")).toHaveValue("Awa Diallo");

    await page.unroute("**/api/public/contact");
    await page.route("**/api/public/contact", (route) => route.fulfill({ status: 500, body: "oops" }));
    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect(page.locator("[data-contact-form]").getByRole("status")).toHaveText("Échec de l'envoi du message.");
  });
});
