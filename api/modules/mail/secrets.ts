/**
 * Masked links (issue 30 §4): the copy of a message that admins read in « Courriels » never holds a live secret
 * link (a password reset, an invitation, a registration's confirm or cancel link, a newsletter confirmation).
 *
 * A feature hands `enqueueMail` the secret parts of its message (the tokens, as rendered into the links) with the
 * time its links lapse anyway. The outbox row is written with a marker (« ⟦lien masqué:<random>⟧ ») wherever a
 * token was, and the token goes to `mail_secrets`, a table no admin route reads. The delivery worker puts the
 * tokens back into what it hands to the SMTP server, and deletes them once the server has accepted the message;
 * a secret whose link has lapsed is deleted too, and its message, if still unsent, fails (« Renvoyer » makes a
 * fresh link). Why here and not at display time, nor by masking after delivery: docs/DECISIONS.md (« Masked links »).
 */
import { eq, inArray, lte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { mailSecrets, type MailRow } from "../../../db/schema";

/** A secret part of a message (a link's token) and when the link lapses anyway. */
export type MailSecret = { value: string; expiresAt: Date };

/** What admins read in place of a masked link. */
export const MASKED_LINK = "«\u00a0lien masqué\u00a0»";

/** The marker of one masked link: random, so nothing a person types into a message (a name, an answer) can be one. */
const MARKER_SOURCE = "⟦lien masqué:[0-9a-f]{16,24}⟧";
const MARKER = new RegExp(MARKER_SOURCE, "g");
/** A whole link (or word) holding a marker, as the plain-text part writes it out. */
const LINK_WITH_MARKER = new RegExp(`\\S*${MARKER_SOURCE}\\S*`, "g");

export const hasMarker = (text: string) => new RegExp(MARKER_SOURCE).test(text);

function newMarker(): string {
  return `⟦lien masqué:${Buffer.from(crypto.getRandomValues(new Uint8Array(8))).toString("hex")}⟧`;
}

/** Shortest secret accepted: a shorter string could stand for ordinary words of the message. */
const MIN_SECRET = 16;

export type MaskedParts = { html: string; text: string; secrets: { marker: string; value: string; expiresAt: Date }[] };

/** The message's parts with each secret replaced by its marker, and the secrets to keep apart. */
export function maskParts(parts: { html: string; text: string }, secrets: readonly MailSecret[] = []): MaskedParts {
  let { html, text } = parts;
  const kept: MaskedParts["secrets"] = [];
  for (const secret of secrets) {
    if (secret.value.length < MIN_SECRET) throw new Error("mail secret too short to be masked safely");
    if (!html.includes(secret.value) && !text.includes(secret.value)) continue;
    const marker = newMarker();
    html = html.split(secret.value).join(marker);
    text = text.split(secret.value).join(marker);
    kept.push({ marker, value: secret.value, expiresAt: secret.expiresAt });
  }
  return { html, text, secrets: kept };
}

/**
 * The rows as the SMTP server must get them: markers replaced by their secrets. A row whose secrets are gone (its
 * links lapsed before it could be sent) maps to null.
 */
export async function unmaskRows(db: Pick<Db, "select">, rows: readonly MailRow[]): Promise<Map<string, MailRow | null>> {
  const out = new Map<string, MailRow | null>();
  const masked = rows.filter((r) => r.masked > 0);
  const secrets = masked.length
    ? await db.select().from(mailSecrets).where(inArray(mailSecrets.mailId, masked.map((r) => r.id)))
    : [];
  for (const row of rows) {
    if (row.masked === 0) {
      out.set(row.id, row);
      continue;
    }
    const own = secrets.filter((s) => s.mailId === row.id);
    if (own.length < row.masked) {
      out.set(row.id, null);
      continue;
    }
    let { html, text } = row;
    for (const s of own) {
      html = html.split(s.marker).join(s.value);
      text = text.split(s.marker).join(s.value);
    }
    out.set(row.id, { ...row, html, text });
  }
  return out;
}

/** A message's secrets are no longer needed (the server accepted it). */
export async function forgetSecrets(db: Pick<Db, "delete">, mailId: string): Promise<void> {
  await db.delete(mailSecrets).where(eq(mailSecrets.mailId, mailId));
}

/** Secrets whose links have lapsed: deleted (their messages, if unsent, fail at their next claim). */
export async function purgeLapsedSecrets(db: Pick<Db, "delete">, now: Date): Promise<void> {
  await db.delete(mailSecrets).where(lte(mailSecrets.expiresAt, now));
}

/** The plain-text part as admins read it: every link holding a marker becomes « lien masqué ». */
export const maskedText = (text: string): string => text.replace(LINK_WITH_MARKER, MASKED_LINK);

/** Any marker left in a string (an HTML part after its links were handled) becomes « lien masqué ». */
export const maskedRest = (text: string): string => text.replace(MARKER, MASKED_LINK);
