/**
 * The two links of the newsletter and the headers that carry them.
 *
 * - Confirmation: the account links' tokens (api/modules/password-reset/tokens.ts): 32 random bytes in base64url,
 *   only their SHA-256 stored.
 *   The token travels in the page's fragment (`/lettre/confirmation#token=…`): never sent to a server, so it stays
 *   out of logs and Referer headers.
 * - Unsubscription: `id` + `sig`, an HMAC-SHA256 of the subscriber's id under a key derived from TWO_FACTOR_KEY.
 *   Nothing is stored, the link is the same in every issue, and one cannot be made for another subscriber (or
 *   altered) without the server's key: a forged link is refused and changes nothing.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Env } from "../../env";
import { hashSecret } from "../../lib/session";
import { isTokenShaped } from "../password-reset/tokens";

export type LinkEnv = Pick<Env, "publicUrl" | "twoFactorKey">;

/** The page that confirms (site/src/pages/lettre/confirmation.astro) and the one that unsubscribes. */
export const CONFIRM_PAGE = "/lettre/confirmation";
export const UNSUBSCRIBE_PAGE = "/lettre/desinscription";
/** The RFC 8058 endpoint mail clients POST `List-Unsubscribe=One-Click` to. */
export const UNSUBSCRIBE_API = "/api/newsletter/unsubscribe";

/** The hash to look a token up by, or null when the string cannot be one of ours (refused before the database). */
export const confirmTokenHash = async (token: string): Promise<string | null> => (isTokenShaped(token) ? hashSecret(token) : null);

export const confirmLink = (token: string) => `${CONFIRM_PAGE}#token=${token}`;

/** A key of its own for these links: the two-factor key is never used as is outside its purpose. */
const keys = new WeakMap<Uint8Array, Buffer>();
function linkKey(env: LinkEnv): Buffer {
  let key = keys.get(env.twoFactorKey);
  if (!key) keys.set(env.twoFactorKey, (key = createHmac("sha256", env.twoFactorKey).update("newsletter unsubscribe links v1").digest()));
  return key;
}

/** The signature of a subscriber's unsubscribe links. */
export const unsubscribeSig = (env: LinkEnv, id: string): string => createHmac("sha256", linkKey(env)).update(`unsubscribe:${id}`).digest("base64url");

/** Whether `sig` is the signature of `id` (constant time). */
export function isUnsubscribeSig(env: LinkEnv, id: string, sig: string): boolean {
  const expected = Buffer.from(unsubscribeSig(env, id));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const query = (env: LinkEnv, id: string) => `id=${encodeURIComponent(id)}&sig=${unsubscribeSig(env, id)}`;

/** The visible link of every issue: a page that unsubscribes in one click, without signing in. */
export const unsubscribePageUrl = (env: LinkEnv, subscriber: { id: string }) => `${env.publicUrl}${UNSUBSCRIBE_PAGE}?${query(env, subscriber.id)}`;

/** The RFC 8058 address mail clients POST to. */
export const unsubscribeApiUrl = (env: LinkEnv, subscriber: { id: string }) => `${env.publicUrl}${UNSUBSCRIBE_API}?${query(env, subscriber.id)}`;

/**
 * The headers every newsletter issue carries (pass them to `enqueueMail` as `headers`): the one-click address
 * (RFC 8058: an https URL, and the POST marker that tells clients a POST without a page is enough).
 */
export function newsletterHeaders(env: LinkEnv, subscriber: { id: string }): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeApiUrl(env, subscriber)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
