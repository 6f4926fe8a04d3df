/**
 * The two pages of the newsletter's links. Confirmation: the token is in the fragment (never sent to a server),
 * read then wiped from the address bar, and posted when the button is pressed. Unsubscription: the signed link's `id` and `sig` are in the
 * query; the button posts what a mail client posts for RFC 8058, so both take the same path on the server.
 */
import { answerMessage, failureText, showStatus as show } from "./form-status";

const FAILURE = "La demande n'a pas pu être envoyée. Réessayez plus tard.";
const answer = (res: Response) => answerMessage(res, FAILURE);

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
      show(status, await answer(res), true);
    } catch (e) {
      button.disabled = false;
      show(status, failureText(e, FAILURE), false);
    }
  });
}

const unsubscribe = document.querySelector<HTMLFormElement>("[data-unsubscribe-form]");
if (unsubscribe) {
  const status = unsubscribe.querySelector<HTMLElement>("[data-status]")!;
  const button = unsubscribe.querySelector<HTMLButtonElement>("button")!;
  const query = new URLSearchParams(location.search);
  const id = query.get("id") ?? "";
  const sig = query.get("sig") ?? "";
  const target = `/api/newsletter/unsubscribe?${new URLSearchParams({ id, sig })}`;
  unsubscribe.action = target;
  if (!id || !sig) {
    button.disabled = true;
    show(status, "Ce lien de désinscription est incomplet. Ouvrez le lien reçu dans la lettre tel quel.", false);
  }
  unsubscribe.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    try {
      const res = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: "List-Unsubscribe=One-Click",
      });
      show(status, await answer(res), true);
    } catch (e) {
      button.disabled = false;
      show(status, failureText(e, FAILURE), false);
    }
  });
}

export {};
