/** Password hashing (argon2id, native in Bun) and the spec's password rule. */

export const PASSWORD_RULES = {
  minLength: 8,
  /** The special characters the spec lists. */
  special: /[!@#$%^&*(),.?":{}|<>]/,
};

/** At least 8 characters, one uppercase letter, one digit, one special character among !@#$%^&*(),.?":{}|<>. */
export function isValidPassword(pw: string): boolean {
  return pw.length >= PASSWORD_RULES.minLength && /[A-Z]/.test(pw) && /\d/.test(pw) && PASSWORD_RULES.special.test(pw);
}

export function hashPassword(pw: string): Promise<string> {
  return Bun.password.hash(pw, { algorithm: "argon2id" });
}

// Verified when the nickname is unknown, so that an unknown account costs the same time as a wrong password
// and response timing does not reveal which nicknames exist.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(pw: string, hash: string | null): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword("dummy-password-for-timing");
    await Bun.password.verify(pw, await dummyHash);
    return false;
  }
  return Bun.password.verify(pw, hash);
}
