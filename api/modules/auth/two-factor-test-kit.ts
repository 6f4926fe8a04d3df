/** TEST HELPER for the two-factor tests: sign-in calls and a member's authenticator app, computed with otpauth. */
import * as OTPAuth from "otpauth";
import { expect } from "vitest";
import { CLIENT_IP_HEADER } from "../../lib/client-ip";
import type { Harness } from "../../testing/harness";

/** The code an authenticator app shows for `secret`, `steps` periods of 30 s from now (1: the next one). */
export function totpCode(secret: string, steps = 0): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** POST with a client address (the sign-in limits count per address). */
export async function post(h: Harness, path: string, body: unknown, ip = "192.0.2.1", headers: Record<string, string> = {}) {
  const res = await h.app.handle(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", [CLIENT_IP_HEADER]: ip, ...headers },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, json: (await res.json().catch(() => null)) as any, headers: res.headers };
}

export const login = (h: Harness, nickname: string, password: string, ip?: string) => post(h, "/api/auth/login", { nickname, password }, ip);

export const loginCode = (h: Harness, pendingToken: string, code: string, ip?: string) =>
  post(h, "/api/auth/login/code", { pendingToken, code }, ip);

/**
 * Turns TOTP on for the member behind `token`, as the profile screen does (with the account's password for the
 * owner-present step, when it has one); returns the secret and recovery codes.
 */
export async function enrolTotp(h: Harness, token: string, currentPassword?: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const start = await h.call("POST", "/api/user/me/two-factor/totp", undefined, bearer(token));
  expect(start.status, JSON.stringify(start.json)).toBe(200);
  const proof = currentPassword ? { currentPassword } : {};
  const confirm = await h.call("POST", "/api/user/me/two-factor/totp/confirm", { code: totpCode(start.json.secret), ...proof }, bearer(token));
  expect(confirm.status, JSON.stringify(confirm.json)).toBe(200);
  return { secret: start.json.secret, recoveryCodes: confirm.json.recoveryCodes };
}
