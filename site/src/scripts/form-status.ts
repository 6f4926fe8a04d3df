/** What the public forms' scripts share (contact, newsletter subscription and links): the status line and the API's answer. */

/** Shows `text` in the form's aria-live status line, styled as a success or an error. */
export function showStatus(status: HTMLElement, text: string, ok: boolean) {
  status.textContent = text;
  status.classList.toggle("is-ok", ok);
  status.classList.toggle("is-error", !ok);
}

/** The server's French message; thrown as an Error when the request failed. `fallback` when the answer has none. */
export async function answerMessage(res: Response, fallback: string): Promise<string> {
  const payload = await res.json().catch(() => null);
  const message = typeof payload?.message === "string" && payload.message ? payload.message : fallback;
  if (!res.ok) throw new Error(message);
  return message;
}

/** The text for a failure: the server's message, or `fallback` when the network failed (fetch throws a TypeError). */
export const failureText = (e: unknown, fallback: string): string =>
  e instanceof Error && e.message && !(e instanceof TypeError) ? e.message : fallback;
