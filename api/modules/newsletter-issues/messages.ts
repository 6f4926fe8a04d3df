/** The French answers of the issues' routes (tests import them instead of copying the text). */
export const BAD_SUBJECT = "Le sujet est obligatoire (200 caractères au plus).";
export const SUBJECT_LINE_BREAK = "Le sujet ne peut contenir ni retour à la ligne ni caractère de contrôle.";
export const ISSUE_NOT_FOUND = "Numéro introuvable.";
export const NOT_EDITABLE = "Ce numéro est déjà parti\u00a0: il ne peut plus être modifié.";
export const ALREADY_SENT = "Ce numéro est déjà en cours d'envoi ou envoyé.";
export const NO_RECIPIENT = "Aucun abonné confirmé\u00a0: il n'y a personne à qui envoyer ce numéro.";
export const EMPTY_ISSUE = "Ajoutez une introduction ou au moins un article, un événement ou un média.";
export const BAD_SCHEDULE = "Date d'envoi invalide (format AAAA-MM-JJTHH:MM, heure de Dakar).";
export const PAST_SCHEDULE = "La date d'envoi programmée doit être dans le futur.";
const NOT_FOUND = { article: "Article introuvable ou non publié.", event: "Événement introuvable ou hors ligne.", media: "Média introuvable ou non publié." } as const;
export const itemNotFound = (kind: keyof typeof NOT_FOUND) => NOT_FOUND[kind];
