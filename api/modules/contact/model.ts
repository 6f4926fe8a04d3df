import { t, type Static } from "elysia";
import { strict } from "../../lib/strict-schema";
import { bulkBodySchema } from "../../lib/bulk";
import { DateParam, listPageSchema, listQuerySchema } from "../../lib/list-query";

// `\S`: a field of spaces only is refused like an empty one (it would be stored empty once trimmed).
export const ContactBody = strict(t.Object({
  name: t.String({ pattern: "\\S", maxLength: 120, error: "Le nom est obligatoire (120 caractères au plus)." }),
  email: t.String({ format: "email", maxLength: 200, error: "L'adresse e-mail n'est pas valide." }),
  subject: t.String({ pattern: "\\S", maxLength: 200, error: "Le sujet est obligatoire (200 caractères au plus)." }),
  message: t.String({ pattern: "\\S", maxLength: 5000, error: "Le message est obligatoire (5000 caractères au plus)." }),
  /** Honeypot: a field hidden from people; bots fill it. */
  website: t.Optional(t.String({ maxLength: 500 })),
}));

export type ContactBody = Static<typeof ContactBody>;

/** A stored message as admins read it (the sender's address is kept for abuse handling, not shown). */
export const ContactMessage = t.Object({
  _id: t.String(),
  name: t.String(),
  email: t.String(),
  subject: t.String(),
  message: t.String(),
  read: t.Boolean(),
  createdAt: t.String(),
});

export type ContactMessage = Static<typeof ContactMessage>;

export const ContactRead = t.Object({ _id: t.String(), subject: t.String(), read: t.Boolean() });

export const DeletedContact = t.Object({ message: t.String(), _id: t.String(), subject: t.String() });

/** The filters of the message list (also what a bulk action's `filter` may carry). */
const contactFilters = {
  unread: t.Optional(t.Union([t.Literal("1"), t.Literal("0")], { error: "Filtre « non lus » invalide (1 ou 0)." })),
  /** Received on or after this day (YYYY-MM-DD). */
  from: t.Optional(DateParam("Date de début invalide (AAAA-MM-JJ).")),
  /** Received on or before this day (YYYY-MM-DD). */
  to: t.Optional(DateParam("Date de fin invalide (AAAA-MM-JJ).")),
};

/**
 * GET /api/admin/contact: every message (the spec's array, newest first); with `page`, one page filtered
 * (`unread=1`, dates) and searched (sender, e-mail, subject, text) by the database.
 */
export const ContactQuery = listQuerySchema(["recent"] as const, contactFilters);

export type ContactQuery = Static<typeof ContactQuery>;

/** A page of messages, with the total for the pager and how many of the matching messages are unread (« 3 messages, dont 1 non lu »). */
export const ContactPage = t.Object({ ...listPageSchema(ContactMessage).properties, unread: t.Number() });

export type ContactPage = Static<typeof ContactPage>;

export const CONTACT_BULK_ACTIONS = ["read", "unread", "delete"] as const;

export const CONTACT_NOUNS = { one: "message", many: "messages", noMatch: "Aucun message ne correspond à la sélection." };

/**
 * POST /api/admin/contact/bulk (issue 19 §1): mark read, mark unread or delete the chosen messages (`ids`) or every
 * message matching the list's filters and search (`filter`).
 */
export const BulkContactBody = bulkBodySchema(CONTACT_BULK_ACTIONS, contactFilters, {}, CONTACT_NOUNS);

export type BulkContactBody = Static<typeof BulkContactBody>;
