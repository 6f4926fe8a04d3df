/**
 * Month calendar of the public events (FullCalendar 7): French, Monday first, previous/next only, at most three
 * events a day then a more-link. An event is a link to its page; picking a day filters the prerendered table
 * below through the `$eventsDay` store. Events arrive as props at build time: no request on load.
 */
import FullCalendar from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import interactionPlugin from "@fullcalendar/react/interaction";
import frLocale from "@fullcalendar/react/locales/fr";
import classicTheme from "@fullcalendar/react/themes/classic";
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/classic/theme.css";
import "../styles/events-calendar.css";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { eventDaySpan, spanDays } from "../lib/event-days";
import { $eventsDay, pickDay } from "../stores/events-day";

export interface CalendarEvent {
  title: string;
  href: string;
  start: string;
  end: string;
  place: string;
}

interface Props {
  events: CalendarEvent[];
  /** Build time: the server render and the hydration use it, so both draw the same month and "today". */
  builtAt: string;
}

type CalendarRef = { getApi(): { gotoDate(d: Date): void } };

// Day markers of the calendar are UTC dates because the calendar runs in UTC (= Dakar).
const keyOf = (d: Date) => d.toISOString().slice(0, 10);

export default function EventsCalendar({ events, builtAt }: Props) {
  const ref = useRef<CalendarRef>(null);
  const [now, setNow] = useState(builtAt);
  const selected = useSyncExternalStore($eventsDay.listen, $eventsDay.get, () => null);

  const busyDays = useMemo(() => {
    const days = new Set<string>();
    for (const e of events) {
      const span = eventDaySpan(e.start, e.end);
      if (span) spanDays(span).forEach((d) => days.add(d));
    }
    return days;
  }, [events]);

  const input = useMemo(
    () => events.map((e) => ({ title: e.title, start: e.start, end: e.end, url: e.href, extendedProps: { place: e.place } })),
    [events],
  );

  // The page may be read long after it was built: once hydrated, move to the reader's own month and day.
  useEffect(() => {
    const today = new Date();
    setNow(today.toISOString());
    ref.current?.getApi().gotoDate(today);
  }, []);

  return (
    <FullCalendar
      ref={ref as never}
      plugins={[dayGridPlugin, interactionPlugin, classicTheme]}
      initialView="dayGridMonth"
      initialDate={builtAt}
      now={now}
      locale={frLocale}
      firstDay={1}
      // Dakar is UTC+0 all year: the calendar shows the same days as the table and the event pages.
      timeZone="UTC"
      headerToolbar={{ start: "title", center: "", end: "prev,next" }}
      prevHint="Mois précédent"
      nextHint="Mois suivant"
      headingLevel={2}
      height="auto"
      fixedWeekCount={false}
      dayMaxEvents={3}
      moreLinkText={(n: number) => `+ ${n} de plus`}
      moreLinkHint={(n: number) => `Voir les ${n} autres événements de ce jour`}
      closeHint="Fermer"
      // The more-link popover is attached to <body>, outside the wrapper that carries the palette.
      popoverClass="events-calendar-popover"
      events={input}
      eventTimeFormat={{ hour: "2-digit", minute: "2-digit", hour12: false }}
      eventDidMount={({ el, event }) => {
        const place = (event.extendedProps as { place?: string }).place || "Lieu non précisé";
        el.title = `${event.title} — ${place}`;
        el.setAttribute("aria-label", `${event.title}, ${place}`);
      }}
      dayCellClass={(info) => {
        const key = keyOf(info.date);
        return [busyDays.has(key) && "has-events", selected === key && "is-picked", info.isToday && "is-today"].filter(Boolean).join(" ");
      }}
      // Day numbers are FullCalendar's nav links (role=link, Enter/Space): here they pick the day instead of
      // opening a day view, so the filter works from the keyboard too.
      navLinks
      navLinkHint="Événements du $0"
      navLinkDayClick={(date: Date) => pickDay(keyOf(date))}
      dayCellTopInnerClass={(info) => (busyDays.has(keyOf(info.date)) ? "day-number busy-day" : "day-number")}
      dateClick={(info) => pickDay(info.dateStr.slice(0, 10))}
    />
  );
}
