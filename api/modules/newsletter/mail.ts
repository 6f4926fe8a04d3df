/** The confirmation message (French, both parts rendered by renderMail). */
import type { MailContent } from "../mail/render";
import { confirmLink } from "./links";

/**
 * `unsubscribeUrl`: the subscriber's signed link (links.ts). Given from the first mail on, so whoever receives a
 * confirmation they did not ask for can also say no for good, in one click.
 */
export function confirmMailContent(siteName: string, token: string, unsubscribeUrl: string): MailContent {
  return {
    subject: `Confirmez votre inscription à la lettre d'information — ${siteName}`,
    preview: "Un clic pour confirmer votre inscription\u00a0: sans confirmation, rien ne vous sera envoyé.",
    heading: "Confirmez votre inscription",
    blocks: [
      { type: "paragraph", text: "Bonjour," },
      { type: "paragraph", text: `Une inscription à la lettre d'information de ${siteName} a été demandée pour cette adresse. Pour la confirmer, suivez ce lien\u00a0:` },
      { type: "button", link: { label: "Confirmer mon inscription", href: confirmLink(token) } },
      {
        type: "note",
        text: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message\u00a0: vous ne recevrez rien d'autre, et votre adresse sera effacée dans 7 jours.",
      },
    ],
    footer: {
      text: "Vous pourrez vous désinscrire à tout moment par le lien présent dans chaque lettre, ou dès maintenant\u00a0:",
      links: [{ label: "Se désinscrire", href: unsubscribeUrl }],
    },
  };
}
