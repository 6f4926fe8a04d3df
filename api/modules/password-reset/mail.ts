/**
 * What the two messages say (French, both parts rendered by renderMail). The token travels in the link's
 * fragment (`#token=…`): browsers never send a fragment to a server, so it stays out of access logs, proxies and
 * Referer headers; the page reads it, then wipes it from the address bar (docs/DECISIONS.md).
 */
import type { UserRow } from "../../../db/schema";
import type { Env } from "../../env";
import type { MailContent } from "../mail/render";

/** The page that takes a token (site/src/pages/reinitialiser-mot-de-passe.astro). */
export const RESET_PAGE = "/reinitialiser-mot-de-passe";

export const linkOf = (token: string) => `${RESET_PAGE}#token=${token}`;

const IGNORE = "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.";

type Person = Pick<UserRow, "firstname" | "nickname">;

export function resetMailContent(user: Person, token: string): MailContent {
  return {
    subject: "Réinitialisation de votre mot de passe",
    preview: "Choisissez un nouveau mot de passe\u00a0: ce lien est valable 30 minutes.",
    heading: "Réinitialisation de votre mot de passe",
    blocks: [
      { type: "paragraph", text: `Bonjour ${user.firstname},` },
      { type: "paragraph", text: `Une demande de nouveau mot de passe a été faite pour votre compte (alias «\u00a0${user.nickname}\u00a0»). Pour choisir un nouveau mot de passe, suivez ce lien\u00a0:` },
      { type: "button", link: { label: "Choisir un nouveau mot de passe", href: linkOf(token) } },
      { type: "note", text: `Ce lien est valable 30 minutes et ne sert qu'une fois. ${IGNORE} Votre mot de passe actuel reste valable.` },
    ],
  };
}

export function invitationMailContent(user: Person, siteName: string, token: string): MailContent {
  return {
    subject: `Invitation\u00a0: votre compte de membre — ${siteName}`,
    preview: "Choisissez votre mot de passe\u00a0: ce lien est valable 7 jours.",
    heading: "Bienvenue parmi les membres",
    blocks: [
      { type: "paragraph", text: `Bonjour ${user.firstname},` },
      { type: "paragraph", text: `Un administrateur vous a créé un compte de membre. Votre alias de connexion est «\u00a0${user.nickname}\u00a0». Pour choisir votre mot de passe, suivez ce lien\u00a0:` },
      { type: "button", link: { label: "Choisir mon mot de passe", href: linkOf(token) } },
      { type: "note", text: `Ce lien est valable 7 jours et ne sert qu'une fois. ${IGNORE}` },
    ],
  };
}

export type MailEnv = Pick<Env, "mailFrom" | "publicUrl">;
