/**
 * E-mail addresses and display names as they may enter a message header. Addresses are checked (refused when
 * malformed: a CR/LF, a comma or an angle bracket in one would let a caller add recipients or headers); display
 * names and subjects are neutralised (control characters, line breaks included, become spaces), because they
 * often come from what members typed and a stray line break must not block the mail that carries it.
 */

/** One address, no display name: a local part without spaces, quotes, brackets or commas, and a domain. */
const ADDRESS = /^[^\s@<>(),;:"\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

/** An address the outbox accepts (254 characters at most, RFC 5321). */
export function isMailAddress(value: string): boolean {
  return value.length <= 254 && ADDRESS.test(value) && !/\p{C}/u.test(value);
}

/**
 * Text safe on one header line: every control character (CR, LF, tab, NUL…) becomes a space, runs of spaces one.
 * No-break spaces stay: French typography puts them before « : » and inside « guillemets », subjects included.
 */
export function oneLine(value: string): string {
  return value.replace(/\p{C}+/gu, " ").replace(/[^\S\u00a0\u202f]+/g, " ").trim();
}

export type MailSender = { name: string; address: string };

/**
 * « L'Institut <contact@example.org> » or a bare address. Null when it does not read as one sender; the display
 * name may be quoted.
 */
export function parseSender(value: string): MailSender | null {
  if (/[\r\n]/.test(value)) return null;
  const named = /^\s*(?:"([^"]*)"|([^"<>]*?))\s*<([^<>]+)>\s*$/.exec(value);
  const name = named ? oneLine(named[1] ?? named[2] ?? "") : "";
  const address = (named ? named[3]! : value).trim();
  return isMailAddress(address) ? { name, address } : null;
}

/** The domain of an address (what Message-IDs are made under). */
export const domainOf = (address: string): string => address.slice(address.lastIndexOf("@") + 1).toLowerCase();
