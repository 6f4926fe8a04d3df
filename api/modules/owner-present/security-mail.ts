/**
 * The security mail: the account's owner is told of every change of a way in (./ways-in.ts), and of a password
 * reset or an administrator's unlock, at the account's address (and at the old one when the e-mail changed):
 * what changed, when (Dakar time), from which browser, and what to do if it was not them. It is the owner's one
 * chance to learn that a borrowed session and a known password were used, so it cannot be turned off.
 */
import type { Db } from "../../../db/client";
import type { UserRow } from "../../../db/schema";
import type { Env } from "../../env";
import { dakarMoment } from "../../../shared/dakar-time";
import { enqueueMail } from "../mail/service";
import { renderMail, type MailContent } from "../mail/render";
import { browserName } from "./browser-name";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type SecurityChange = {
  /** One sentence: what changed (« Votre mot de passe a été modifié. »). */
  what: string;
  /** The request that made the change: its User-Agent names the browser. Null when no browser was involved. */
  userAgent: string | null;
  at?: Date;
};

export function securityMailContent(user: Pick<UserRow, "firstname" | "nickname">, change: SecurityChange): MailContent {
  const at = change.at ?? new Date();
  const details = [
    `Compte\u00a0: «\u00a0${user.nickname}\u00a0»`,
    `Quand\u00a0: le ${dakarMoment(at)} (heure de Dakar)`,
    ...(change.userAgent === null ? [] : [`Depuis\u00a0: ${browserName(change.userAgent)}`]),
  ];
  return {
    subject: "Alerte de sécurité sur votre compte",
    preview: change.what,
    heading: "Un changement de sécurité sur votre compte",
    blocks: [
      { type: "paragraph", text: `Bonjour ${user.firstname},` },
      { type: "paragraph", text: change.what },
      { type: "paragraph", text: details.join("\n") },
      { type: "paragraph", text: "Si c'est vous, vous n'avez rien à faire." },
      {
        type: "paragraph",
        text: "Si ce n'est pas vous, quelqu'un utilise votre compte\u00a0: choisissez tout de suite un nouveau mot de passe. Cela ferme toutes les sessions ouvertes, et la page du lien vous propose de supprimer les clés d'accès et la double authentification que vous ne reconnaissez pas.",
      },
      { type: "button", link: { label: "Choisir un nouveau mot de passe", href: "/mot-de-passe-oublie" } },
      { type: "note", text: "Vous recevez ce message parce qu'il concerne la sécurité de votre compte\u00a0; il ne peut pas être désactivé." },
    ],
  };
}

/**
 * Queues the security mail to `addresses` (the account's, plus the old one after an e-mail change), in `db` or the
 * caller's transaction.
 */
export async function queueSecurityMail(
  db: Db | Tx,
  env: Pick<Env, "mailFrom" | "publicUrl">,
  user: Pick<UserRow, "firstname" | "name" | "nickname" | "email">,
  change: SecurityChange,
  addresses: string[] = [user.email],
): Promise<void> {
  const rendered = renderMail(env, securityMailContent(user, change));
  const name = `${user.firstname} ${user.name}`.trim();
  for (const address of new Set(addresses)) {
    await enqueueMail(db, env, { kind: "security", to: { name, address }, ...rendered }, change.at);
  }
}
