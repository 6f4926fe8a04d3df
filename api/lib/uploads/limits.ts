/**
 * Body sizes, in one place for the API (api/plugins/body-limit.ts), the upload reader (form.ts) and the static
 * workers (api/web-worker.ts), which must not even forward a body the primary is bound to refuse.
 */
import { isMultipart } from "./multipart";

/** Any JSON, urlencoded or text body, and the text fields of one upload form together. */
export const FORM_MAX_BYTES = 64 * 1024;

/** What a body past its route's bound is told (« Requête trop volumineuse (max 64 Ko). »). */
export const bodyTooLargeMessage = (maxBytes: number) => `Requête trop volumineuse (max ${Math.floor(maxBytes / 1024)} Ko).`;

export const FORM_TOO_LARGE_MESSAGE = bodyTooLargeMessage(FORM_MAX_BYTES);

/**
 * True when a request declares a body over 64 KB that is not multipart: no route takes one (upload routes read
 * JSON or urlencoded fields to 64 KB too), so it can be refused from its headers alone.
 */
export function declaresOversizedForm(request: Request): boolean {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (!(length > FORM_MAX_BYTES)) return false;
  return !isMultipart(request);
}
