/** « Courriel de test »: what an admin sends themself from the « Courriels » screen to check that mail goes out. */
import type { MailContent } from "./content";

export function testMailContent(who: { firstname: string }, siteName: string): MailContent {
  return {
    subject: "Courriel de test",
    preview: "Si ce message vous parvient, l'envoi des courriels du site fonctionne.",
    heading: "Courriel de test",
    blocks: [
      { type: "paragraph", text: `Bonjour ${who.firstname},` },
      {
        type: "paragraph",
        text: `Ce courriel de test a été envoyé depuis l'écran «\u00a0Courriels\u00a0» de l'administration de ${siteName}. S'il vous parvient, l'envoi des courriels fonctionne.`,
      },
      { type: "button", link: { label: "Voir les courriels envoyés", href: "/admin/mail" } },
      { type: "note", text: "Aucune action n'est nécessaire de votre part." },
    ],
    footer: { text: "Vous recevez ce message parce que vous l'avez demandé depuis l'administration du site." },
  };
}
