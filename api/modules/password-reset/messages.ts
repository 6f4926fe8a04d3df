/** What the recovery routes answer, in French (shown as is by the pages). */

/** The one answer to a request, account or not (issue 21's wording). */
export const REQUEST_SENT = "Si un compte correspond, un e-mail vient d'être envoyé.";
export const TOO_MANY_RESETS = "Trop de demandes de réinitialisation. Réessayez plus tard.";
export const INVALID_LINK = "Ce lien n'est pas valide. Demandez-en un nouveau depuis la page «\u00a0Mot de passe oublié\u00a0?\u00a0».";
export const SPENT_LINK = "Ce lien a déjà servi ou a été remplacé. Demandez-en un nouveau depuis la page «\u00a0Mot de passe oublié\u00a0?\u00a0».";
export const EXPIRED_LINK = "Ce lien a expiré. Demandez-en un nouveau depuis la page «\u00a0Mot de passe oublié\u00a0?\u00a0».";

/** Removing factors on the reset page with two-factor on: the link alone is not enough (docs/DECISIONS.md). */
export const CODE_TO_REMOVE_TWO_FACTOR =
  "Pour désactiver la double authentification, saisissez un code de votre application ou un code de secours. Sans code, un administrateur peut la retirer pour vous.";
