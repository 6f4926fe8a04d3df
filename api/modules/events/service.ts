import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { eventOrganizers, events, eventThemes, themes, users, type EventRow } from "../../../db/schema";
import { NotFoundError } from "../../lib/errors";
import { groupBy } from "../../lib/group";
import { summaryColumns, toUserSummary } from "../members/mappers";
import type { Event } from "./model";

/** Events newest start first, with organizers and themes. Offline events only when includeHidden. */
export async function listEvents(db: Db, opts: { includeHidden?: boolean; where?: SQL } = {}): Promise<Event[]> {
  const where = and(opts.includeHidden ? undefined : eq(events.online, true), opts.where);
  const [rows, organizerRows, themeRows] = await Promise.all([
    db.select().from(events).where(where).orderBy(desc(events.startDate)),
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
  row: EventRow,
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
    createdAt: row.createdAt.toISOString(),
  };
}

/** One online event by its slug. */
export async function getPublicEvent(db: Db, url: string): Promise<Event> {
  const [event] = await listEvents(db, { where: eq(events.url, url) });
  if (!event) throw new NotFoundError("Événement non disponible.");
  return event;
}
