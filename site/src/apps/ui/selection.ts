/**
 * The rules of a list's selection, apart from React so they can be tested as plain functions (issue 33 §1).
 * WordPress and every mail client taught people that Shift-click ticks the range between the last row they
 * clicked and this one; before, a Shift-click ticked one more row (2 of 30 instead of 30).
 */

/** Ticked rows, or every row matching the list's filters. */
export type Selection = { ids: Set<string>; all: boolean };

export const NONE: Selection = { ids: new Set(), all: false };

/**
 * The selection after a click on row `id`. A plain click flips that row. A Shift-click with an earlier click on
 * this page (`anchor`, still shown in `order`) gives every row from the anchor to this one the state this row
 * takes, as WordPress does: ticking a range, or unticking it.
 */
export function clickRow(selection: Selection, id: string, order: readonly string[], anchor: string | null, shift: boolean): Selection {
  const ids = new Set(selection.ids);
  const ticked = !ids.has(id);
  const from = anchor === null ? -1 : order.indexOf(anchor);
  const to = order.indexOf(id);
  if (shift && from >= 0 && to >= 0) {
    const [a, b] = from < to ? [from, to] : [to, from];
    for (const row of order.slice(a, b + 1)) {
      if (ticked) ids.add(row);
      else ids.delete(row);
    }
  } else if (ticked) ids.add(id);
  else ids.delete(id);
  return { ids, all: false };
}

/**
 * The selection once the list has reloaded after an action: it stays, so a second action can follow on the same
 * rows (issue 33 §1), less the rows the page no longer shows (trashed, or moved out of a filtered list by the
 * action), which the selection could not name any more. The same object when nothing left, so no re-render.
 */
export function keepShown(selection: Selection, pageIds: readonly string[]): Selection {
  if (selection.all) return selection;
  const shown = new Set(pageIds);
  const kept = [...selection.ids].filter((id) => shown.has(id));
  return kept.length === selection.ids.size ? selection : { ids: new Set(kept), all: false };
}
