import { t, type Static } from "elysia";
import { SUBSCRIBER_STATES } from "../../../db/schema/newsletter";
import { listPageSchema, listQuerySchema } from "../../lib/list-query";
import { strict } from "../../lib/strict-schema";
import { BAD_ADDRESS, BAD_CONFIRM_LINK, BAD_UNSUBSCRIBE_LINK, NO_CONSENT } from "./messages";

const email = t.String({ minLength: 1, maxLength: 254, error: BAD_ADDRESS });
const consent = t.Literal(true, { error: NO_CONSENT });

/** POST /api/newsletter/subscribe: the address, the ticked consent box and which form sent it. */
export const SubscribeBody = strict(t.Object({
  email,
  consent,
  source: t.Union([t.Literal("footer"), t.Literal("lettre")], { error: "Formulaire inconnu (footer ou lettre)." }),
}));

/** POST /api/newsletter/confirm: the token of the confirmation link. */
export const ConfirmBody = strict(t.Object({ token: t.String({ maxLength: 200, error: BAD_CONFIRM_LINK }) }));

/** The query of an unsubscribe link (the id of the subscriber and its signature). */
export const UnsubscribeQuery = strict(t.Object({
  id: t.String({ maxLength: 64, error: BAD_UNSUBSCRIBE_LINK }),
  sig: t.String({ maxLength: 64, error: BAD_UNSUBSCRIBE_LINK }),
}));

/** RFC 8058: a mail client (and our own page) POSTs this form body to the link of `List-Unsubscribe`. */
export const OneClickBody = strict(t.Object({
  "List-Unsubscribe": t.Literal("One-Click", { error: "Requête de désinscription invalide (List-Unsubscribe=One-Click attendu)." }),
}));

export const MessageAnswer = t.Object({ message: t.String() });

export const SubscriberStateSchema = t.Union(SUBSCRIBER_STATES.map((s) => t.Literal(s)) as [ReturnType<typeof t.Literal<(typeof SUBSCRIBER_STATES)[number]>>], {
  error: "État inconnu (pending, confirmed ou unsubscribed).",
});

/** A member's subscription as their profile shows it (`none`: their address is not on the list). */
export const MemberSubscription = t.Object({
  email: t.String(),
  state: t.Union([SubscriberStateSchema, t.Literal("none")]),
});

/** PUT /api/user/newsletter: subscribe (double opt-in: a confirmation mail) or unsubscribe at once. */
export const MemberSubscriptionBody = strict(t.Object({
  subscribed: t.Boolean({ error: "Indiquez si vous voulez recevoir la lettre (true ou false)." }),
  consent: t.Optional(consent),
}));

export const MemberSubscriptionAnswer = t.Composite([MemberSubscription, MessageAnswer]);

/** A row of the admins' list. */
export const SubscriberSummary = t.Object({
  _id: t.String(),
  email: t.String(),
  state: SubscriberStateSchema,
  source: t.String(),
  /** Whether the address belongs to a member's account (subscribed from their profile). */
  member: t.Boolean(),
  consentText: t.String(),
  consentAt: t.String(),
  createdAt: t.String(),
  confirmedAt: t.Nullable(t.String()),
  unsubscribedAt: t.Nullable(t.String()),
});

export const SUBSCRIBER_SORTS = ["recent"] as const;

/** GET /api/admin/newsletter/subscribers: newest first, by state, searched through the address. */
export const SubscriberQuery = listQuerySchema(SUBSCRIBER_SORTS, { state: t.Optional(SubscriberStateSchema) });

/** The CSV export takes the same filters, without paging. */
export const SubscriberExportQuery = strict(t.Object({
  state: t.Optional(SubscriberStateSchema),
  q: t.Optional(t.String({ maxLength: 200, error: "La recherche est trop longue (max 200 caractères)." })),
}));

export const SubscriberPage = listPageSchema(SubscriberSummary);

export type SubscribeBody = Static<typeof SubscribeBody>;
export type SubscriberSummary = Static<typeof SubscriberSummary>;
export type SubscriberQuery = Static<typeof SubscriberQuery>;
export type SubscriberExportQuery = Static<typeof SubscriberExportQuery>;
export type SubscriberPage = Static<typeof SubscriberPage>;
export type MemberSubscription = Static<typeof MemberSubscription>;
