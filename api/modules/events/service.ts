import { and, asc, count, desc, eq, inArray, like, not, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { slugify } from "../../../db/slug";
import { storedColumns, type StoredRow } from "../../../db/stored-columns";
import { eventOrganizers, events, eventThemes, themes, users, type EventRow } from "../../../db/schema";
import { BadRequestError, NotFoundError } from "../../lib/errors";
import { groupBy } from "../../lib/group";
import { summaryColumns, toUserSummary } from "../members/mappers";
import { assertClosesBeforeStart, type EventInput } from "./input";
import type { MailEnv } from "../registrations/mail";
import { promoteAfterCapacityChange, type Tx } from "../registrations/service";
import type { Event } from "./model";
import { inFuture } from "../schedule/publish-at";

/** Events newest start first, with organizers and themes. Offline events only when includeHidden. */
export async function listEvents(db: Db, opts: { includeHidden?: boolean; where?: SQL } = {}): Promise<Event[]> {
  const where = and(opts.includeHidden ? undefined : eq(events.online, true), opts.where);
  const [rows, organizerRows, themeRows] = await Promise.all([
    // The id breaks ties, so the site build can place the events it reads by id (site/src/lib/api.ts).
    // Without the folded title, computed at each read (db/stored-columns.ts).
    db.select(storedColumns(events)).from(events).where(where).orderBy(desc(events.startDate), asc(events.id)),
    db
      .select({ eventId: eventOrganizers.eventId, user: summaryColumns })
      .from(eventOrganizers)
      .innerJoin(users, eq(users.id, eventOrganizers.userId))
      .innerJoin(events, eq(events.id, eventOrganizers.eventId))
      .where(where)
      .orderBy(asc(users.name)),
    db
      .select({ eventId: eventThemes.eventId, id: themes.id, name: themes.name, url: themes.url })
      .from(eventThemes)
      .innerJoin(themes, eq(themes.id, eventThemes.themeId))
      .innerJoin(events, eq(events.id, eventThemes.eventId))
      .where(where)
      .orderBy(asc(themes.name)),
  ]);
  const organizers = groupBy(organizerRows, (r) => r.eventId);
  const themeRefs = groupBy(themeRows, (r) => r.eventId);
  return rows.map((r) => toEvent(r, organizers.get(r.id) ?? [], themeRefs.get(r.id) ?? []));
}

function toEvent(
  row: StoredRow<typeof events>,
  organizers: { user: Parameters<typeof toUserSummary>[0] }[],
  themeRows: { id: string; name: string; url: string }[],
): Event {
  return {
    _id: row.id,
    title: row.title,
    url: row.url,
    location: row.location,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    txt_content: row.txtContent,
    html_content: row.htmlContent,
    keywords: row.keywords,
    organizers: organizers.map((o) => toUserSummary(o.user)),
    themes: themeRows.map((t) => ({ _id: t.id, name: t.name, url: t.url })),
    online: row.online,
    publishAt: row.publishAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    registration: {
      open: row.registrationOpen,
      audience: row.registrationAudience,
      capacity: row.registrationCapacity,
      closesAt: row.registrationClosesAt?.toISOString() ?? null,
      question: row.registrationQuestion,
    },
  };
}

/**
 * The public events among `ids` (the site build reads the events the change feed named, issue 31 §1), each the
 * same object the whole list carries; the build places them itself (latest start first, then by id).
 */
export function publicEventsByIds(db: Db, ids: string[]): Promise<Event[]> {
  return ids.length ? listEvents(db, { where: inArray(events.id, ids) }) : Promise.resolve([]);
}

/** One online event by its slug. */
export async function getPublicEvent(db: Db, url: string): Promise<Event> {
  const [event] = await listEvents(db, { where: eq(events.url, url) });
  if (!event) throw new NotFoundError("Événement non disponible.");
  return event;
}

export async function countEvents(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(events);
  return row?.n ?? 0;
}

async function findEvent(db: Db, id: string): Promise<EventRow> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  if (!row) throw new NotFoundError("Événement introuvable.");
  return row;
}

/** One event with its organizers and themes, whatever its state (for admin answers). */
async function eventById(db: Db, id: string): Promise<Event> {
  const [event] = await listEvents(db, { includeHidden: true, where: eq(events.id, id) });
  if (!event) throw new NotFoundError("Événement introuvable.");
  return event;
}

/** Refuses organizers or themes that do not exist, naming which kind (a stale form after a deletion). */
async function assertLinksExist(db: Db, input: EventInput) {
  const [people, topics] = await Promise.all([
    input.organizers.length ? db.select({ id: users.id }).from(users).where(inArray(users.id, input.organizers)) : [],
    input.themes.length ? db.select({ id: themes.id }).from(themes).where(inArray(themes.id, input.themes)) : [],
  ]);
  if (people.length !== input.organizers.length) throw new BadRequestError("Un des organisateurs choisis n'existe plus.");
  if (topics.length !== input.themes.length) throw new BadRequestError("Un des thèmes choisis n'existe plus.");
}

/** A slug from the title, made unique with -2, -3... */
async function freeSlug(db: Db, title: string): Promise<string> {
  const base = slugify(title) || "evenement";
  const taken = new Set(
    (await db.select({ url: events.url }).from(events).where(like(events.url, `${base}%`))).map((r) => r.url),
  );
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** The link rows of an event, replaced as a whole (one batch with the event's own write). */
function linkRows(db: Db | Tx, id: string, input: EventInput) {
  return [
    db.delete(eventOrganizers).where(eq(eventOrganizers.eventId, id)),
    db.delete(eventThemes).where(eq(eventThemes.eventId, id)),
    ...(input.organizers.length ? [db.insert(eventOrganizers).values(input.organizers.map((userId) => ({ eventId: id, userId })))] : []),
    ...(input.themes.length ? [db.insert(eventThemes).values(input.themes.map((themeId) => ({ eventId: id, themeId })))] : []),
  ];
}

/** The registration columns the form sent. */
function registrationColumns(input: EventInput) {
  const r = input.registration;
  return {
    ...(r.open === undefined ? {} : { registrationOpen: r.open }),
    ...(r.audience === undefined ? {} : { registrationAudience: r.audience }),
    ...(r.capacity === undefined ? {} : { registrationCapacity: r.capacity }),
    ...(r.closesAt === undefined ? {} : { registrationClosesAt: r.closesAt }),
    ...(r.question === undefined ? {} : { registrationQuestion: r.question }),
  };
}

function columns(input: EventInput) {
  return {
    title: input.title,
    location: input.location,
    startDate: input.startDate,
    endDate: input.endDate,
    txtContent: input.txtContent,
    htmlContent: input.htmlContent,
    keywords: input.keywords,
  };
}

/**
 * « Mettre en ligne le » (issue 20 §5): a future minute keeps the event offline until the server puts it online
 * (api/modules/events/schedule.ts); null cancels; putting it online by hand cancels too.
 */
function scheduleColumns(input: EventInput, now: Date): { publishAt?: Date | null; online?: boolean } {
  if (input.publishAt === undefined) return input.online ? { publishAt: null } : {};
  if (input.publishAt === null) return { publishAt: null };
  return { publishAt: inFuture(input.publishAt, "mise en ligne", now), online: false };
}

/** Creates an event; new events are online unless the form says otherwise (spec). */
export async function createEvent(db: Db, input: EventInput): Promise<Event> {
  await assertLinksExist(db, input);
  assertClosesBeforeStart(input.registration.closesAt ?? null, input.startDate);
  const id = newId();
  const now = new Date();
  const row = { id, url: await freeSlug(db, input.title), ...columns(input), ...registrationColumns(input), online: input.online ?? true, ...scheduleColumns(input, now), createdAt: now, updatedAt: now };
  await db.batch([db.insert(events).values(row), ...linkRows(db, id, input)]);
  return eventById(db, id);
}

/**
 * Replaces an event's fields, organizers and themes with the form's (an empty selection clears them). The url
 * stays: links to the event keep working after a title fix. `online` is changed only when sent.
 */
export async function updateEvent(db: Db, id: string, input: EventInput, mail: MailEnv): Promise<Event> {
  const before = await findEvent(db, id);
  await assertLinksExist(db, input);
  assertClosesBeforeStart(input.registration.closesAt === undefined ? before.registrationClosesAt : input.registration.closesAt, input.startDate);
  const now = new Date();
  const set = { ...columns(input), ...registrationColumns(input), ...(input.online === undefined ? {} : { online: input.online }), ...scheduleColumns(input, now), updatedAt: now };
  const capacity = input.registration.capacity;
  const moreRoom = capacity !== undefined && before.registrationCapacity !== null && (capacity === null || capacity > before.registrationCapacity);
  await db.transaction(async (tx) => {
    await tx.update(events).set(set).where(eq(events.id, id));
    for (const statement of linkRows(tx, id, input)) await statement;
    // More places: the first people waiting get them in the same transaction, so no newcomer takes one first.
    if (moreRoom) await promoteAfterCapacityChange({ db, env: mail }, tx, id, now);
  });
  return eventById(db, id);
}

export async function deleteEvent(db: Db, id: string): Promise<{ message: string; _id: string; title: string }> {
  const row = await findEvent(db, id);
  await db.delete(events).where(eq(events.id, id));
  return { message: "Événement supprimé.", _id: id, title: row.title };
}

/** Flips `online` in one statement (two quick clicks give two flips, never a lost one). */
export async function toggleEventOnline(db: Db, id: string): Promise<{ _id: string; title: string; online: boolean }> {
  const [row] = await db
    .update(events)
    .set({ online: not(events.online), publishAt: null, updatedAt: new Date() })
    .where(eq(events.id, id))
    .returning({ id: events.id, title: events.title, online: events.online });
  if (!row) throw new NotFoundError("Événement introuvable.");
  return { _id: row.id, title: row.title, online: row.online };
}
