/**
 * Keeps keyboard focus in a DataTable when its rows change under it (issue 19 §3.6). A toggle or a delete reloads
 * the list; a reload may show « Chargement... » for a moment (the rows unmount) or drop the row that held focus,
 * and the browser then moves focus to the page body: a keyboard user starts again from the top of the page.
 *
 * The table remembers where focus was inside its body (the row's key, the row's position, the control's position
 * in the row). When a render finds focus on the body and that place gone, it puts focus back: on the same control
 * of the same row when the row is still there (a toggle re-rendered), else on the first control of the row now at
 * that position (the next one after a delete, or the new last one), else on the table itself, named by its
 * caption, when no row remains. Focus that left for something else (a dialog, a click elsewhere, Tab out) is never
 * pulled back: the memory ends when focus or a pointer goes outside the table.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";

type Place = { key: string; index: number; control: number };

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** The row's controls a person can reach with Tab. */
function controlsOf(row: Element): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !(el as HTMLButtonElement).disabled && el.tabIndex >= 0);
}

const rowsOf = (table: HTMLTableElement) => [...table.querySelectorAll<HTMLTableRowElement>("tbody > tr[data-row-key]")];

/** Focus has been lost: on nothing, on the body, or on an element no longer in the page. */
function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * Call in the table's component with its <table> ref; `version` changes whenever the rows shown change, `waiting`
 * is true while a reload shows no rows yet (focus is put back once they arrive).
 */
export function useRowFocus(table: RefObject<HTMLTableElement | null>, version: unknown, waiting: boolean): void {
  const place = useRef<Place | null>(null);

  useEffect(() => {
    const el = table.current;
    if (!el) return;
    const onFocusIn = (e: FocusEvent) => {
      const row = (e.target as Element).closest("tbody > tr[data-row-key]");
      if (!row || !el.contains(row)) return;
      place.current = {
        key: row.getAttribute("data-row-key")!,
        index: rowsOf(el).indexOf(row as HTMLTableRowElement),
        control: Math.max(0, controlsOf(row).indexOf(e.target as HTMLElement)),
      };
    };
    // Focus moved to something else on purpose (a dialog, the next field): forget. A null target is focus
    // dropped to the body (a control disabled or removed), which is what this hook repairs.
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget instanceof Node && !el.contains(e.relatedTarget)) place.current = null;
    };
    const onPointer = (e: PointerEvent) => {
      if (!(e.target instanceof Node) || !el.contains(e.target)) place.current = null;
    };
    el.addEventListener("focusin", onFocusIn);
    el.addEventListener("focusout", onFocusOut);
    document.addEventListener("pointerdown", onPointer, true);
    return () => {
      el.removeEventListener("focusin", onFocusIn);
      el.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("pointerdown", onPointer, true);
    };
  }, [table]);

  useLayoutEffect(() => {
    const el = table.current;
    const was = place.current;
    if (!el || !was || waiting || !focusLost()) return;
    const rows = rowsOf(el);
    const same = rows.find((r) => r.getAttribute("data-row-key") === was.key);
    const controls = same ? controlsOf(same) : [];
    const again = controls[was.control] ?? controls[0];
    if (again) {
      again.focus();
      return;
    }
    const next = rows[Math.min(was.index, rows.length - 1)];
    const control = next ? controlsOf(next)[0] : undefined;
    if (control) {
      control.focus();
      return;
    }
    // No control left: the table itself, named by its caption, focusable for this moment only (a permanent
    // tabindex would let a click on any cell move the keyboard's starting point to the table). Nothing inside a
    // row to remember any more.
    place.current = null;
    el.tabIndex = -1;
    el.addEventListener("blur", () => el.removeAttribute("tabindex"), { once: true });
    el.focus();
  }, [table, version, waiting]);
}
