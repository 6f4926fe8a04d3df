import { t, type Static } from "elysia";
import { bulkBodySchema } from "../../lib/bulk";
import { DateParam, listPageSchema, listQuerySchema } from "../../lib/list-query";
import { UserSummary } from "../members/summary";
import { ThemeRef } from "../themes/model";
import { strict } from "../../lib/strict-schema";

export const Event = t.Object({
  _id: t.String(),
  title: t.String(),
  url: t.String(),
  location: t.String(),
  startDate: t.String(),
  endDate: t.String(),
  txt_content: t.String(),
  html_content: t.String(),
  keywords: t.Array(t.String()),
  organizers: t.Array(UserSummary),
  themes: t.Array(ThemeRef),
  online: t.Boolean(),
  /** « Mettre en ligne le » (issue 20 §5): when the server puts it online (ISO), or null. */
  publishAt: t.Optional(t.Nullable(t.String())),
  createdAt: t.String(),
  /** Registration settings (issue 22): the public page reads the live state from /api/events/:id/availability. */
  registration: t.Object({
    open: t.Boolean(),
    audience: t.Union([t.Literal("everyone"), t.Literal("members")]),
    capacity: t.Union([t.Integer(), t.Null()]),
    closesAt: t.Union([t.String(), t.Null()]),
    question: t.String(),
    /** Back office only: registered (confirmed) and waiting people (api/modules/registrations/attendees.ts). */
    counts: t.Optional(t.Object({ confirmed: t.Integer(), waiting: t.Integer() })),
  }),
});

export type Event = Static<typeof Event>;

const ids = (error: string) => t.Array(t.String({ maxLength: 64, error }), { maxItems: 100, error });

/**
 * The event form, multipart or JSON: keywords as a list, JSON list text or comma text; organizers and themes as
 * repeated fields (or lists) of ids. Dates are ISO 8601; without a time zone they are Dakar time (UTC+0).
 */
export const EventBody = strict(t.Object({
  title: t.String({ pattern: "\\S", maxLength: 200, error: "Le titre est obligatoire (200 caractères au plus)." }),
  location: t.String({ pattern: "\\S", maxLength: 200, error: "Le lieu est obligatoire (200 caractères au plus)." }),
  startDate: t.String({ pattern: "\\S", maxLength: 40, error: "La date de début est obligatoire." }),
  endDate: t.String({ pattern: "\\S", maxLength: 40, error: "La date de fin est obligatoire." }),
  txt_content: t.Optional(t.String({ maxLength: 10_000, error: "Le texte est trop long (10 000 caractères au plus)." })),
  html_content: t.Optional(t.String({ maxLength: 100_000, error: "Le contenu est trop long (100 000 caractères au plus)." })),
  online: t.Optional(t.Boolean({ error: "L'état «\u00a0en ligne\u00a0» doit valoir true ou false." })),
  /** « Mettre en ligne le »: a future Dakar date-time (the event stays offline until then); empty or null cancels. */
  publishAt: t.Optional(t.Union([t.Null(), t.String({ maxLength: 40 })], { error: "La date de mise en ligne n'est pas valide." })),
  keywords: t.Optional(
    t.Array(t.String({ maxLength: 60, error: "Un mot-clé est trop long (60 caractères au plus)." }), {
      maxItems: 30,
      error: "Trop de mots-clés (30 au plus).",
    }),
  ),
  organizers: t.Optional(ids("Les organisateurs ne sont pas valides.")),
  themes: t.Optional(ids("Les thèmes ne sont pas valides.")),
  // Registration (issue 22); a field left out keeps its value on update.
  registrationOpen: t.Optional(t.Boolean({ error: "L'ouverture des inscriptions doit valoir true ou false." })),
  registrationAudience: t.Optional(
    t.Union([t.Literal("everyone"), t.Literal("members")], { error: "Public des inscriptions inconnu (everyone ou members)." }),
  ),
  /** Places: an integer of at least 1, or empty for no limit. */
  registrationCapacity: t.Optional(
    t.Union([t.Integer(), t.Null(), t.String({ maxLength: 12 })], { error: "La capacité doit être un nombre entier d'au moins 1, ou vide." }),
  ),
  /** Closing date and time (ISO 8601, Dakar time without a zone), or empty: until the event starts. */
  registrationClosesAt: t.Optional(t.Union([t.Null(), t.String({ maxLength: 40 })], { error: "La date de clôture des inscriptions n'est pas valide." })),
  registrationQuestion: t.Optional(t.String({ maxLength: 300, error: "La question aux inscrits est trop longue (300 caractères au plus)." })),
}));

export type EventBody = Static<typeof EventBody>;

/** The answer of the online toggle: the new value. */
export const EventOnline = t.Object({ _id: t.String(), title: t.String(), online: t.Boolean() });

export const DeletedEvent = t.Object({ message: t.String(), _id: t.String(), title: t.String() });

export const EVENT_SORTS = ["start", "title", "created"] as const;

/** The filters of the back office's event list (also what a bulk action's `filter` may carry). */
const eventFilters = {
  status: t.Optional(
    t.Union([t.Literal("online"), t.Literal("offline"), t.Literal("scheduled")], { error: "Statut inconnu (online, offline ou scheduled)." }),
  ),
  /** Not yet over (`upcoming`: ending now or later, events under way included) or over (`past`). */
  when: t.Optional(t.Union([t.Literal("upcoming"), t.Literal("past")], { error: "Période inconnue (upcoming ou past)." })),
  /** A theme id. */
  theme: t.Optional(t.String({ maxLength: 64, error: "Thème invalide." })),
  /** Starting on or after this day (YYYY-MM-DD). */
  from: t.Optional(DateParam("Date de début invalide (AAAA-MM-JJ).")),
  /** Starting on or before this day (YYYY-MM-DD). */
  to: t.Optional(DateParam("Date de fin invalide (AAAA-MM-JJ).")),
};

/**
 * GET /api/admin/events: every event (the spec's array, latest start first); with `page`, one page sorted,
 * filtered and searched (title, place, keywords) by the database.
 */
export const EventsQuery = listQuerySchema(EVENT_SORTS, eventFilters);

export type EventsQuery = Static<typeof EventsQuery>;

/** A page of events, with the total for the pager. */
export const EventPage = listPageSchema(Event);

export type EventPage = Static<typeof EventPage>;

export const EVENT_BULK_ACTIONS = ["online", "offline", "delete"] as const;

export const EVENT_NOUNS = { one: "événement", many: "événements", noMatch: "Aucun événement ne correspond à la sélection." };

/**
 * POST /api/admin/events/bulk (issue 19 §1): put online, put offline or delete the chosen events (`ids`) or every
 * event matching the list's filters and search (`filter`).
 */
export const BulkEventsBody = bulkBodySchema(EVENT_BULK_ACTIONS, eventFilters, {}, EVENT_NOUNS);

export type BulkEventsBody = Static<typeof BulkEventsBody>;
