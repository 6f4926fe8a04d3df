/**
 * Words of the newsletter that both sides need: the site shows the consent sentence next to every subscription
 * form, the API records the same sentence with the subscriber (what they agreed to, word for word).
 */

/** The consent sentence beside the (never pre-ticked) box of every subscription form. */
export const NEWSLETTER_CONSENT =
  "J'accepte de recevoir la lettre d'information de l'Institut par e-mail. Je peux me désinscrire à tout moment par le lien présent dans chaque lettre.";

/** The one answer to a subscription request, whether or not the address is already known (no enumeration). */
export const SUBSCRIBE_ANSWER =
  "Merci\u00a0! Si cette adresse n'est pas encore inscrite, un e-mail de confirmation vient de lui être envoyé. Suivez le lien qu'il contient pour confirmer votre inscription.";

/** The sections of an issue, in their order: the composer shows its items so, and the letter sends them so. */
export const ISSUE_SECTIONS = [
  { kind: "article", title: "Articles" },
  { kind: "event", title: "Événements" },
  { kind: "media", title: "Médias" },
] as const;
