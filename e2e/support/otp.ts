/** The authenticator app of the journeys: what a phone shows, computed with otpauth. */
import * as OTPAuth from "otpauth";

/** The code for `secret` `steps` periods of 30 s from now (codes are single-use: the next one after an enrolment). */
export const codeFor = (secret: string, steps = 0) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
