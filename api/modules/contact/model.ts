import { t, type Static } from "elysia";

export const ContactBody = t.Object({
  name: t.String({ minLength: 1, maxLength: 120, error: "Le nom est obligatoire (120 caractères au plus)." }),
  email: t.String({ format: "email", maxLength: 200, error: "L'adresse e-mail n'est pas valide." }),
  subject: t.String({ minLength: 1, maxLength: 200, error: "Le sujet est obligatoire (200 caractères au plus)." }),
  message: t.String({ minLength: 1, maxLength: 5000, error: "Le message est obligatoire (5000 caractères au plus)." }),
  /** Honeypot: a field hidden from people; bots fill it. */
  website: t.Optional(t.String({ maxLength: 500 })),
});

export type ContactBody = Static<typeof ContactBody>;
