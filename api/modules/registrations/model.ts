import { t, type Static } from "elysia";
import { strict } from "../../lib/strict-schema";

const STATE = t.Union([t.Literal("confirmed"), t.Literal("waiting"), t.Literal("cancelled")]);
/** What a registration request answers: `pending` for every visitor (a mail was sent: issue 30 §4). */
const ANSWER_STATE = t.Union([t.Literal("pending"), t.Literal("confirmed"), t.Literal("waiting")]);

export const EventIdParams = t.Object({ id: t.String({ maxLength: 64 }) });

/**
 * POST /api/events/:id/registrations. A signed-in member may leave out name and e-mail: their account's are used
 * (« en un clic »); on a members-only event they register themself only. `consent` is the consent sentence, ticked.
 */
export const RegistrationBody = strict(
  t.Object({
    name: t.Optional(t.String({ pattern: "\\S", maxLength: 200, error: "Le nom est obligatoire (200 caractères au plus)." })),
    email: t.Optional(t.String({ format: "email", maxLength: 254, error: "L'adresse e-mail n'est pas valide." })),
    answer: t.Optional(t.String({ maxLength: 2000, error: "La réponse est trop longue (2 000 caractères au plus)." })),
    consent: t.Literal(true, { error: "Veuillez accepter l'utilisation de vos données pour cette inscription." }),
  }),
);
export type RegistrationBody = Static<typeof RegistrationBody>;

/**
 * The answer to a registration (never a token: it travels only by mail). A visitor gets the same one whatever the
 * address (202, `_id` null, `pending`: a mail was sent); a signed-in member registering themself learns where
 * they stand (201, or 200 with `existing` when already registered).
 */
export const RegistrationAnswer = t.Object({
  _id: t.Union([t.String(), t.Null()]),
  state: ANSWER_STATE,
  position: t.Union([t.Integer(), t.Null()]),
  /** True when this member was already registered: the answer is that registration, nothing new was written. */
  existing: t.Boolean(),
  message: t.String(),
});
export type RegistrationAnswer = Static<typeof RegistrationAnswer>;

export const CancelBody = strict(t.Object({ token: t.String({ minLength: 20, maxLength: 100, error: "Lien d'annulation invalide." }) }));

/** POST /api/registrations/confirm: the token of the link that confirms a visitor's address. */
export const ConfirmBody = strict(t.Object({ token: t.String({ minLength: 20, maxLength: 100, error: "Lien de confirmation invalide." }) }));

export const CancelAnswer = t.Object({ message: t.String(), event: t.Object({ title: t.String(), url: t.String() }) });

/** The confirmation page's answer: where the person stands now, and the event. */
export const ConfirmAnswer = CancelAnswer;

/** GET /api/events/:id/availability: what the event page's island shows (short public cache). */
export const Availability = t.Object({
  /** Registration possible now (open, online, not closed by date or start). */
  open: t.Boolean(),
  audience: t.Union([t.Literal("everyone"), t.Literal("members")]),
  capacity: t.Union([t.Integer(), t.Null()]),
  /** Places left (null: no limit). */
  remaining: t.Union([t.Integer(), t.Null()]),
  waiting: t.Integer(),
  question: t.String(),
  closesAt: t.Union([t.String(), t.Null()]),
});
export type Availability = Static<typeof Availability>;

export const AdminRegistration = t.Object({
  _id: t.String(),
  name: t.String(),
  email: t.String(),
  answer: t.String(),
  state: STATE,
  position: t.Union([t.Integer(), t.Null()]),
  member: t.Boolean(),
  checkedInAt: t.Union([t.String(), t.Null()]),
  createdAt: t.String(),
});
export type AdminRegistration = Static<typeof AdminRegistration>;

export const RegistrationCounts = t.Object({
  confirmed: t.Integer(),
  waiting: t.Integer(),
  cancelled: t.Integer(),
  checkedIn: t.Integer(),
  /** Places held for visitors still confirming their address by mail (taken, though they are not listed). */
  held: t.Integer(),
});
export type RegistrationCounts = Static<typeof RegistrationCounts>;

export const AdminRegistrationList = t.Object({
  event: t.Object({ _id: t.String(), title: t.String(), url: t.String(), startDate: t.String(), open: t.Boolean(), capacity: t.Union([t.Integer(), t.Null()]) }),
  counts: RegistrationCounts,
  items: t.Array(AdminRegistration),
});
export type AdminRegistrationList = Static<typeof AdminRegistrationList>;

export const CheckInBody = strict(t.Object({ checkedIn: t.Boolean({ error: "La présence doit valoir true ou false." }) }));

export const MessageBody = strict(
  t.Object({
    subject: t.String({ pattern: "\\S", maxLength: 200, error: "Le sujet est obligatoire (200 caractères au plus)." }),
    text: t.String({ pattern: "\\S", maxLength: 10_000, error: "Le message est obligatoire (10 000 caractères au plus)." }),
  }),
);

export const MessageAnswer = t.Object({ message: t.String(), count: t.Integer() });

/**
 * « Ajouter sur place »: someone at the door who did not register. The e-mail is optional (nobody is asked to type
 * one at the door); without it nothing is ever mailed to them.
 */
export const WalkInBody = strict(
  t.Object({
    name: t.String({ pattern: "\\S", maxLength: 200, error: "Le nom est obligatoire (200 caractères au plus)." }),
    email: t.Optional(t.String({ format: "email", maxLength: 254, error: "L'adresse e-mail n'est pas valide." })),
  }),
);
export type WalkInBody = Static<typeof WalkInBody>;

export const WalkInAnswer = t.Object({ _id: t.String(), name: t.String(), message: t.String() });

/** « Annuler l'inscription » by an admin: what happened, in French, and whether the person was mailed. */
export const AdminCancelAnswer = t.Object({ _id: t.String(), message: t.String(), mailed: t.Boolean() });

export const MyRegistration = t.Object({
  _id: t.String(),
  state: STATE,
  position: t.Union([t.Integer(), t.Null()]),
  createdAt: t.String(),
  event: t.Object({ _id: t.String(), title: t.String(), url: t.String(), startDate: t.String(), location: t.String() }),
});
export type MyRegistration = Static<typeof MyRegistration>;
