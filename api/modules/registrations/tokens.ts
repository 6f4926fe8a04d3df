/** The personal cancel link's token: 32 random bytes; only its SHA-256 is stored (a leaked database cancels nothing). */
import { createHash, randomBytes } from "node:crypto";

export function newCancelToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashCancelToken(token) };
}

export function hashCancelToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
