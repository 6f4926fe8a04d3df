/**
 * What keeps two-factor secrets useless in a copy of the database: TOTP secrets are encrypted (AES-256-GCM) and
 * recovery codes hashed with a key (HMAC-SHA-256), both with TWO_FACTOR_KEY, which lives in the environment and
 * never in the database. A recovery code has 50 bits; a plain hash of it could be brute-forced offline, a keyed
 * one cannot without the key.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64url");

export function seal(key: Uint8Array, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [b64(iv), b64(body), b64(cipher.getAuthTag())].join(".");
}

/** The plain text, or null when the box was not sealed with this key (or was altered). */
export function open(key: Uint8Array, sealed: string): string | null {
  const [iv, body, tag] = sealed.split(".");
  if (!iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

export function keyedHash(key: Uint8Array, value: string): string {
  return createHmac("sha256", key).update(value).digest("hex");
}
