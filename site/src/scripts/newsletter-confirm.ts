/**
 * /lettre/confirmation: the token is in the fragment (never sent to a server), read then wiped from the address
 * bar, and posted when the button is pressed. The unsubscribe page has its own script (newsletter-unsubscribe.ts).
 */
import { answerMessage, failureText, showStatus as show } from "./form-status";

const FAILURE = "La demande n'a pas pu être envoyée. Réessayez plus tard.";

const confirmForm = document.querySelector<HTMLFormElement>("[data-confirm-form]");
if (confirmForm) {
  const status = confirmForm.querySelector<HTMLElement>("[data-status]")!;
  const button = confirmForm.querySelector<HTMLButtonElement>("button")!;
  // Read on load and wiped from the address bar, but posted only when the person presses the button: mail
  // scanners open links and run their scripts, and must not confirm a subscription (issue 30 §4).
  const token = new URLSearchParams(location.hash.slice(1)).get("token") ?? "";
  history.replaceState(null, "", location.pathname);
  if (!token) {
    button.disabled = true;
    show(status, "Ce lien de confirmation est incomplet. Ouvrez le lien reçu par e-mail tel quel.", false);
  }
  confirmForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    try {
      const res = await fetch("/api/newsletter/confirm", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ token }),
      });
      show(status, await answerMessage(res, FAILURE), true);
    } catch (e) {
      button.disabled = false;
      show(status, failureText(e, FAILURE), false);
    }
  });
}

export {};
