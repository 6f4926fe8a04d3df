/**
 * Sends a subscription form (components/NewsletterForm.astro) as JSON and shows the server's answer, the same for
 * every address. The browser's own checks are off (novalidate) so that the messages are the site's, in French.
 */
import { answerMessage, failureText, showStatus } from "./form-status";

const FAILURE = "L'inscription n'a pas pu être envoyée. Réessayez plus tard.";

for (const form of document.querySelectorAll<HTMLFormElement>("[data-newsletter-form]")) {
  const button = form.querySelector<HTMLButtonElement>("[data-submit]")!;
  const status = form.querySelector<HTMLElement>("[data-status]")!;
  const email = form.querySelector<HTMLInputElement>('input[name="email"]')!;
  const consent = form.querySelector<HTMLInputElement>('input[name="consent"]')!;
  const say = (text: string, ok: boolean) => showStatus(status, text, ok);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!email.value.trim() || !email.checkValidity()) {
      email.setAttribute("aria-invalid", "true");
      say("Indiquez une adresse e-mail valide.", false);
      email.focus();
      return;
    }
    email.removeAttribute("aria-invalid");
    if (!consent.checked) {
      say("Cochez la case pour accepter de recevoir la lettre d'information.", false);
      consent.focus();
      return;
    }
    button.disabled = true;
    say("", true);
    try {
      const res = await fetch("/api/newsletter/subscribe", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ email: email.value.trim(), consent: true, source: form.dataset.source }),
      });
      const message = await answerMessage(res, FAILURE);
      form.reset();
      say(message, true);
    } catch (e) {
      say(failureText(e, FAILURE), false);
    } finally {
      button.disabled = false;
    }
  });
}

export {};
