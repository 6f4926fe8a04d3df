/**
 * The back office's event list, one page at a time (api/lib/list-query.ts), searched through titles, places and
 * keywords. Without `page`, the route keeps the spec's whole array.
 */
import { eq, gte, inArray, lt, sql, type SQL, isNotNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { events } from "../../../db/schema";
import { dayRange, ftsSearch, listPage, type ListSpec } from "../../lib/list-query";
import type { Event, EventPage, EVENT_SORTS, EventsQuery } from "./model";
import { withRegistrationCounts } from "../registrations/attendees";
import { listEvents } from "./service";

/** Sorts of the event list, each with its index in db/schema/events.ts; the title in French order, newest creations first. */
export const EVENT_LIST: ListSpec<(typeof EVENT_SORTS)[number]> = {
  table: events,
  id: events.id,
  sorts: {
    start: { keys: [events.startDate], dir: "desc" },
    title: { keys: [events.titleKey], dir: "asc" },
    created: { keys: [events.createdAt], dir: "desc" },
  },
  defaultSort: "start",
  changeFed: true,
  search: ftsSearch(events, "events_fts"),
};

/**
 * The WHERE of the event list's filters. An event is past once its end is (the public site's rule,
 * site/src/lib/event-time.ts): one under way is still « à venir ou en cours ».
 */
export function eventWhere(query: Omit<EventsQuery, "page" | "pageSize" | "sort" | "dir">, now = new Date()): (SQL | undefined)[] {
  return [
    query.status === "scheduled" ? isNotNull(events.publishAt) : query.status ? eq(events.online, query.status === "online") : undefined,
    query.when ? (query.when === "past" ? lt(events.endDate, now) : gte(events.endDate, now)) : undefined,
    query.theme ? inArray(events.id, sql`(select event_id from event_themes where theme_id = ${query.theme})`) : undefined,
    dayRange(events.startDate, query.from, query.to),
  ];
}

/** GET /api/admin/events: one page when `page` is given, else every event. */
export async function adminEventList(db: Db, query: EventsQuery): Promise<Event[] | EventPage> {
  if (query.page === undefined) return withRegistrationCounts(db, await listEvents(db, { includeHidden: true }));
  const read = async (ids: string[]) => withRegistrationCounts(db, await listEvents(db, { includeHidden: true, where: inArray(events.id, ids) }));
  return listPage(db, EVENT_LIST, query, eventWhere(query), read, (e) => e._id);
}
