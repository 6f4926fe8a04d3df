/** What the newsletter routes answer, in French (shown as is by the pages and forms). */
export { SUBSCRIBE_ANSWER } from "../../../shared/newsletter";

export const BAD_ADDRESS = "Adresse e-mail invalide.";
export const NO_CONSENT = "Cochez la case pour accepter de recevoir la lettre d'information.";
export const TOO_MANY_SUBSCRIBES = "Trop de demandes d'inscription. Réessayez plus tard.";
export const CONFIRMED = "Votre inscription à la lettre d'information est confirmée. Merci\u00a0!";
export const BAD_CONFIRM_LINK =
  "Ce lien de confirmation n'est pas valide ou a expiré. Inscrivez-vous de nouveau depuis la page «\u00a0Lettre d'information\u00a0».";
export const UNSUBSCRIBED = "Vous êtes désinscrit de la lettre d'information. Vous ne la recevrez plus.";
export const BAD_UNSUBSCRIBE_LINK =
  "Ce lien de désinscription n'est pas valide. Utilisez le lien reçu dans la lettre, sans le modifier.";
