/**
 * /lettre/desinscription: the signed link's `id` and `sig` are in the query; one press on « Se désinscrire »
 * posts what a mail client posts for RFC 8058, so both take the same path on the server. Once done, the
 * explanation and the button give way to the server's confirmation, which takes the focus (a screen reader and a
 * phone user both land on it).
 */
import { answerMessage, failureText, showStatus as show } from "./form-status";

const FAILURE = "La demande n'a pas pu être envoyée. Réessayez plus tard.";

const form = document.querySelector<HTMLFormElement>("[data-unsubscribe-press]");
if (form) {
  const status = form.querySelector<HTMLElement>("[data-status]")!;
  const before = form.querySelector<HTMLElement>("[data-before-press]")!;
  const button = form.querySelector<HTMLButtonElement>("button")!;
  const query = new URLSearchParams(location.search);
  const id = query.get("id") ?? "";
  const sig = query.get("sig") ?? "";
  const target = `/api/newsletter/unsubscribe?${new URLSearchParams({ id, sig })}`;
  form.action = target;
  if (!id || !sig) {
    button.disabled = true;
    show(status, "Ce lien de désinscription est incomplet. Ouvrez le lien reçu dans la lettre tel quel.", false);
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    try {
      const res = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: "List-Unsubscribe=One-Click",
      });
      const message = await answerMessage(res, FAILURE);
      before.hidden = true;
      show(status, message, true);
      status.focus();
    } catch (e) {
      button.disabled = false;
      show(status, failureText(e, FAILURE), false);
    }
  });
}

export {};
