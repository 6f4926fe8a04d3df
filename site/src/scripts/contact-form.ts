/**
 * Sends the contact form as JSON to the API and reports the result in an aria-live region. Browser validation
 * (required fields, email type) runs first because the submit event only fires for a valid form.
 */
const FAILURE = "Échec de l'envoi du message.";

const form = document.querySelector<HTMLFormElement>("[data-contact-form]");
if (form) {
  const button = form.querySelector<HTMLButtonElement>("[data-submit]")!;
  const status = form.querySelector<HTMLElement>("[data-status]")!;
  const say = (text: string, ok: boolean) => {
    status.textContent = text;
    status.classList.toggle("is-ok", ok);
    status.classList.toggle("is-error", !ok);
  };

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
      if (!res.ok) {
        const payload = await res.json().catch(() => null);
        throw new Error(typeof payload?.message === "string" && payload.message ? payload.message : FAILURE);
      }
      form.reset();
      say("Message envoyé, Merci !", true);
    } catch (e) {
      say(e instanceof Error && e.message && !(e instanceof TypeError) ? e.message : FAILURE, false);
    } finally {
      button.disabled = false;
    }
  });
}
