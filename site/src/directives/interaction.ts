/**
 * `client:interaction="YYYY-MM"`: hydrates an island on the first interaction with it rather than on load, for an
 * island whose server render is a complete static stand-in (the events calendar: EventsMonthGrid.astro inside
 * EventsCalendar.tsx). Registered in astro.config.mjs; esbuild inlines it in the pages that use it.
 *
 * - Interaction = the pointer over it, a press, a touch, or keyboard focus inside it (so keyboard and screen-reader
 *   users get the island exactly when mouse users do). The island also starts loading at the reader's first sign
 *   of activity anywhere on the page (the pointer moving, a key, a touch, a scroll): by the time they reach the
 *   calendar it is usually ready, where waiting for the calendar itself cost about a second on the first click.
 *   A page loaded and left alone (a crawler, Lighthouse) still loads no framework.
 * - The value is the month the stand-in shows. If the reader's month (UTC = Dakar) is another one, the stand-in is
 *   out of date: hydrate at once. The cell of the reader's day gets `is-today` (the build's day means nothing).
 * - Actions taken before the island is ready are not lost: a click, or Enter / Space, on an element carrying
 *   `data-replay` (a CSS selector of the live element that does the same) is held, then replayed on that element
 *   when the island dispatches `island:ready`; keyboard focus moves to the live counterpart of the focused
 *   element. Plain links (`a[href]`) are left to the browser.
 */
import type { ClientDirective } from "astro";

declare module "astro" {
  interface AstroClientDirectives {
    "client:interaction"?: string;
  }
}

const TRIGGERS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;
const ACTIVITY = ["pointermove", "pointerdown", "keydown", "touchstart", "wheel", "scroll"] as const;

const interaction: ClientDirective = (load, opts, el) => {
  const today = new Date().toISOString().slice(0, 10);
  for (const cell of el.querySelectorAll(".is-today")) cell.classList.remove("is-today");
  el.querySelector(`[data-date="${today}"]`)?.classList.add("is-today");

  const pending: string[] = [];
  let focused: string | null = null;
  let started = false;
  let ready = false;

  const start = () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, start);
    for (const type of ACTIVITY) removeEventListener(type, start);
    void load().then((hydrate) => hydrate());
  };
  const replayOf = (target: EventTarget | null) =>
    target instanceof Element ? (target.closest<HTMLElement>("[data-replay]")?.dataset.replay ?? null) : null;

  el.addEventListener(
    "click",
    (e) => {
      if (ready || !(e.target instanceof Element) || e.target.closest("a[href]")) return;
      const replay = replayOf(e.target);
      if (!replay) return;
      e.preventDefault();
      pending.push(replay);
      start();
    },
    true,
  );
  el.addEventListener("keydown", (e) => {
    const t = e.target;
    if (ready || (e.key !== "Enter" && e.key !== " ") || !(t instanceof HTMLElement)) return;
    // Native buttons and links turn the key into a click (handled above); ARIA links and buttons do not.
    if (!t.matches("[role=link][data-replay], [role=button][data-replay]")) return;
    e.preventDefault();
    pending.push(t.dataset.replay!);
    start();
  });
  el.addEventListener("focusin", (e) => {
    if (!ready) focused = replayOf(e.target);
  });
  el.addEventListener("focusout", (e) => {
    if (e.relatedTarget instanceof Node && !el.contains(e.relatedTarget)) focused = null;
  });
  // A press elsewhere on the page means the reader has moved on: do not pull focus back.
  document.addEventListener("pointerdown", (e) => {
    if (!(e.target instanceof Node && el.contains(e.target))) focused = null;
  });

  el.addEventListener(
    "island:ready",
    () => {
      ready = true;
      const active = document.activeElement;
      if (focused && (!active || active === document.body)) el.querySelector<HTMLElement>(focused)?.focus();
      for (const replay of pending.splice(0)) el.querySelector<HTMLElement>(replay)?.click();
    },
    { once: true },
  );

  if (typeof opts.value === "string" && opts.value !== "" && opts.value !== today.slice(0, 7)) {
    start();
    return;
  }
  for (const type of TRIGGERS) el.addEventListener(type, start, { passive: true });
  for (const type of ACTIVITY) addEventListener(type, start, { passive: true });
};

export default interaction;
