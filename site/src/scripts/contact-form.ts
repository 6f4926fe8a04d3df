/**
 * Sends the contact form as JSON to the API and reports the result in an aria-live region. Browser validation
 * (required fields, email type) runs first because the submit event only fires for a valid form.
 */
import { answerMessage, failureText, showStatus } from "./form-status";

const FAILURE = "Échec de l'envoi du message.";

const form = document.querySelector<HTMLFormElement>("[data-contact-form]");
if (form) {
  const button = form.querySelector<HTMLButtonElement>("[data-submit]")!;
  const status = form.querySelector<HTMLElement>("[data-status]")!;
  const say = (text: string, ok: boolean) => showStatus(status, text, ok);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const body = Object.fromEntries(
      ["name", "email", "subject", "message", "website"].map((k) => [k, String(data.get(k) ?? "").trim()]),
    );
    button.disabled = true;
    say("", true);
    try {
      const res = await fetch("/api/public/contact", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
      });
      // Throws the server's French message on a refusal; the spec's own words on success.
      await answerMessage(res, FAILURE);
      form.reset();
      say("Message envoyé, Merci\u202f!", true);
    } catch (e) {
      say(failureText(e, FAILURE), false);
    } finally {
      button.disabled = false;
    }
  });
}
