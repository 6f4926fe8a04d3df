/**
 * When a message that failed is tried again, and what a failure means. Delays grow (1, 5, 15, 60 minutes, then
 * every hour) up to MAX_ATTEMPTS (about 27 hours in all), then the message is marked failed and waits for an
 * admin's « Réessayer ». A refusal the server calls permanent (5xx on the sender, recipient or content) fails at
 * once: asking again would get the same answer.
 */

const MINUTE = 60_000;
const DELAYS = [1, 5, 15, 60].map((m) => m * MINUTE);

/** Attempts (claims) before a message is given up. */
export const MAX_ATTEMPTS = 30;

/** The wait after the `attempts`-th attempt failed. */
export function retryDelayMs(attempts: number): number {
  return DELAYS[Math.max(0, attempts - 1)] ?? 60 * MINUTE;
}

/** How a failed send is handled: its French description for admins, whether retrying can help, whether it is the server's (every message would fail alike). */
export type Failure = { message: string; permanent: boolean; serverWide: boolean };

type NodemailerError = { code?: unknown; responseCode?: unknown; response?: unknown; message?: unknown };

const UNREACHABLE = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET", "EPROXY"]);

/** Reads nodemailer's error (its `code`, the server's `responseCode` and words). */
export function describeFailure(error: unknown): Failure {
  const e = (typeof error === "object" && error !== null ? error : {}) as NodemailerError;
  const code = typeof e.code === "string" ? e.code : "";
  const status = typeof e.responseCode === "number" ? e.responseCode : 0;
  const words = String(e.response ?? e.message ?? error).replace(/\s+/g, " ").trim().slice(0, 300);
  const say = (what: string) => `${what}\u00a0: ${words}`;
  if (UNREACHABLE.has(code)) return { message: say("Serveur de courrier injoignable"), permanent: false, serverWide: true };
  if (code === "EAUTH" || code === "ENOAUTH") return { message: say("Identifiants refusés par le serveur de courrier"), permanent: false, serverWide: true };
  if (code === "ETLS" || code === "EREQUIRETLS") return { message: say("Échec du chiffrement (TLS) avec le serveur de courrier"), permanent: false, serverWide: true };
  if (status >= 500 && (code === "EENVELOPE" || code === "EMESSAGE")) return { message: say("Refusé définitivement par le serveur de courrier"), permanent: true, serverWide: false };
  if (status >= 400 && status < 500) return { message: say("Refusé temporairement par le serveur de courrier"), permanent: false, serverWide: false };
  return { message: say("Échec de l'envoi"), permanent: false, serverWide: false };
}
