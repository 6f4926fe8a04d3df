/**
 * The password rule of spec §5 / §9, as the server checks it (api/lib/password.ts), split into the lines shown
 * live under the field.
 */
export const SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

export type PasswordRule = { id: string; text: string; test: (pw: string) => boolean };

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: "length", text: "Au moins 8 caractères", test: (pw) => pw.length >= 8 },
  { id: "upper", text: "Une lettre majuscule", test: (pw) => /[A-Z]/.test(pw) },
  { id: "digit", text: "Un chiffre", test: (pw) => /\d/.test(pw) },
  { id: "special", text: `Un caractère spécial parmi ${SPECIAL_CHARACTERS}`, test: (pw) => /[!@#$%^&*(),.?":{}|<>]/.test(pw) },
];

/** What the server answers to a password that breaks the rule (spec §9), shown before it is sent. */
export const PASSWORD_RULE_MESSAGE = "Le mot de passe doit contenir au moins 8 caractères, une majuscule, un chiffre et un caractère spécial.";

export function isValidPassword(pw: string): boolean {
  return PASSWORD_RULES.every((r) => r.test(pw));
}
