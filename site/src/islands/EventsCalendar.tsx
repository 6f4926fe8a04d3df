/**
 * Month calendar of the public events (FullCalendar 7): French, Monday first, previous/next only, at most three
 * events a day then a more-link. An event is a link to its page; picking a day filters the prerendered table
 * below through the `$eventsDay` store. Events arrive as props at build time: no request on load.
 *
 * The page first shows a static month drawn at build time (EventsMonthGrid.astro, passed as `children`), and the
 * island is hydrated on the first interaction with it (`client:interaction`). Once hydrated, FullCalendar is drawn
 * invisible over the static month; when it has measured and placed its events, it takes the static month's place
 * (same size: nothing moves) and the island dispatches `island:ready`, on which the directive replays what the
 * reader did in the meantime.
 */
import FullCalendar from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import interactionPlugin from "@fullcalendar/react/interaction";
import frLocale from "@fullcalendar/react/locales/fr";
import classicTheme from "@fullcalendar/react/themes/classic";
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/classic/theme.css";
import "../styles/events-calendar.css";
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { dakarClock } from "../../../shared/dakar-time";
import { eventDaySpan } from "../lib/event-days";
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
  /** The static month shown until FullCalendar is ready. */
  children?: ReactNode;
}

type Phase = "static" | "mounting" | "live";

// Day markers of the calendar are UTC dates because the calendar runs in UTC (= Dakar).
const keyOf = (d: Date) => d.toISOString().slice(0, 10);

/** Resolves once FullCalendar has placed its events (none left hidden for measuring) and its height holds still. */
function whenSettled(root: HTMLElement, done: () => void): () => void {
  let frame = 0;
  let lastHeight = -1;
  let still = 0;
  let id = 0;
  const tick = () => {
    frame++;
    const height = root.getBoundingClientRect().height;
    const measuring = root.querySelector('[role=listitem][style*="visibility: hidden"], [role=listitem][style*="visibility:hidden"]');
    still = height > 0 && height === lastHeight && !measuring ? still + 1 : 0;
    lastHeight = height;
    // Two still frames, or give up waiting after about a second (the swap is then as good as it gets).
    if (still >= 2 || frame > 60) done();
    else id = requestAnimationFrame(tick);
  };
  id = requestAnimationFrame(tick);
  return () => cancelAnimationFrame(id);
}

export default function EventsCalendar({ events, children }: Props) {
  const [phase, setPhase] = useState<Phase>("static");
  const stage = useRef<HTMLDivElement>(null);
  const live = useRef<HTMLDivElement>(null);
  const selected = useSyncExternalStore($eventsDay.listen, $eventsDay.get, () => null);
  // The reader's day and month (the static month was the build's).
  const today = useMemo(() => new Date().toISOString(), []);

  // Marked days: those an event starts (as the static month marks them, lib/month-grid.ts). A month-long event
  // marking every day it covers would make the mark meaningless.
  const busyDays = useMemo(() => {
    const days = new Set<string>();
    for (const e of events) {
      const span = eventDaySpan(e.start, e.end);
      if (span) days.add(span.from);
    }
    return days;
  }, [events]);

  const input = useMemo(
    () => events.map((e) => ({ title: e.title, start: e.start, end: e.end, url: e.href, extendedProps: { place: e.place } })),
    [events],
  );

  // Hydration matched the static month; now draw FullCalendar beside it.
  useEffect(() => setPhase("mounting"), []);

  useEffect(() => {
    if (phase !== "mounting" || !live.current) return;
    return whenSettled(live.current, () => setPhase("live"));
  }, [phase]);

  // The static month is gone: tell the directive before the browser paints, so focus never lingers on <body>.
  useLayoutEffect(() => {
    if (phase === "live") stage.current?.dispatchEvent(new CustomEvent("island:ready", { bubbles: true }));
  }, [phase]);

  return (
    <div ref={stage} className="events-calendar-stage" data-phase={phase}>
      {phase !== "live" && children}
      {phase !== "static" && (
        <div ref={live} className="events-calendar-live" data-mounting={phase === "mounting" ? "" : undefined} inert={phase === "mounting"}>
          <FullCalendar
            plugins={[dayGridPlugin, interactionPlugin, classicTheme]}
            initialView="dayGridMonth"
            initialDate={today}
            now={today}
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
            // « 18 h 30 », as every page and screen writes a time (issue 33 §4), from the site's one formatter;
            // with timeZone UTC the calendar's fields are Dakar's.
            eventTimeFormat={({ date }) => dakarClock(new Date(Date.UTC(date.year, date.month, date.day, date.hour, date.minute)))}
            // Titles too long for their day end with an ellipsis, not a cut word (events-calendar.css).
            eventTitleClass="event-title"
            eventDidMount={({ el, event }) => {
              const place = (event.extendedProps as { place?: string }).place || "Lieu non précisé";
              // The name stays the visible text (time and title: WCAG 2.5.3, Label in Name); the place comes as
              // the link's description.
              el.title = `${event.title} — ${place}`;
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
        </div>
      )}
    </div>
  );
}
