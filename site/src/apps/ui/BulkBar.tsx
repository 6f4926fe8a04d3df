/**
 * Bulk actions of a back-office list (issue 19 §1): a checkbox per row (« Sélectionner : <nom> »), « Tout
 * sélectionner » for the page, then « Sélectionner les N … correspondants » for every row matching the list's
 * filters; one action, applied after one confirmation naming the count. The server resolves an « all matching »
 * selection from the same filters and search as the list (api/lib/bulk.ts), so it acts on the rows it counted.
 * Each list declares its actions and how to call its route; this bar, the selection and its column are shared.
 * Shift-click ticks a range, the selection outlives an action (less the rows it took off the page), and the bar
 * sticks under the site's header while the list scrolls (issue 33 §1; rules in ./selection.ts).
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { pluralWord } from "../../lib/format";
import { errorText } from "../lib/api";
import { toast } from "../stores/toasts";
import { confirm } from "./ConfirmDialog";
import type { Column } from "./DataTable";
import { ListSelect } from "./ListSelect";
import { apiQuery, type ListState } from "./list-state";
import { clickRow, keepShown, NONE, type Selection } from "./selection";
import "./list-tools.css";

export type { Selection };

/** What the server is asked to act on: chosen ids, or the list's filters and search. */
export type BulkTarget = { ids: string[] } | { filter: Record<string, unknown> };

/** One action of a list: its value, its label (also the confirm button) and the question naming the count. */
export type BulkAction<A extends string> = { value: A; label: string; question: (count: string) => string };

/** A click on a row's checkbox: the row, the rows' order on screen, and whether Shift was held (a range). */
export type RowToggle = (id: string, order?: readonly string[], shift?: boolean) => void;

/** The selection of a list, emptied by any change of what the list shows (its state key): it names what was on screen. */
export function useSelection(listKey: string) {
  const [selection, setSelection] = useState<Selection>(NONE);
  // The last row clicked, where a Shift-click's range starts.
  const anchor = useRef<string | null>(null);
  useEffect(() => {
    setSelection(NONE);
    anchor.current = null;
  }, [listKey]);
  const toggle: RowToggle = (id, order = [], shift = false) => {
    setSelection(clickRow(selection, id, order, anchor.current, shift));
    anchor.current = id;
  };
  return { selection, setSelection, toggle };
}

/** The ids of the rows' checkboxes in the order the table shows them (sorted by the server or by the table). */
function orderOnScreen(box: HTMLInputElement): string[] {
  const body = box.closest("tbody");
  return body ? [...body.querySelectorAll<HTMLInputElement>("input[data-select-id]")].map((b) => b.dataset.selectId!) : [];
}

/** The selection column: one checkbox per row, named after the row. */
export function selectColumn<T>(selection: Selection, toggle: RowToggle, idOf: (row: T) => string, nameOf: (row: T) => string): Column<T> {
  return {
    key: "select",
    header: <span className="sr-only">Sélection</span>,
    label: "Sélection",
    cell: (row) => (
      <input
        type="checkbox"
        aria-label={`Sélectionner\u00a0: ${nameOf(row)}`}
        checked={selection.all || selection.ids.has(idOf(row))}
        disabled={selection.all}
        data-select-id={idOf(row)}
        // A checkbox changes on a click (or Space, which clicks it): the click says whether Shift was held.
        onChange={(e) => toggle(idOf(row), orderOnScreen(e.currentTarget), (e.nativeEvent as MouseEvent).shiftKey === true)}
      />
    ),
  };
}

type Props<A extends string> = {
  selection: Selection;
  setSelection: (s: Selection) => void;
  pageIds: string[];
  total: number;
  /** The total is a lower bound (a broad search counted up to the server's cap): « plus de 10 000 articles ». */
  capped?: boolean;
  state: ListState;
  actions: readonly BulkAction<A>[];
  /** « 3 articles », « 1 média », « plus de 10 000 médias »: the count with its noun. */
  countLabel: (n: number, capped?: boolean) => string;
  /** « Aucun article sélectionné ». */
  noneSelected: string;
  /** The noun is feminine (« entrées sélectionnées », « correspondantes »). */
  feminine?: boolean;
  /** Calls the list's bulk route; answers the server's French summary. */
  run: (action: A, target: BulkTarget) => Promise<{ message: string }>;
  /** Reloads the list after a run. */
  changed: () => void;
  /** Extra controls an action needs (the theme to add), and the French message when they are not filled. */
  extra?: (action: A) => { control: ReactNode; missing: string | null } | null;
};

export function BulkBar<A extends string>(props: Props<A>) {
  const { selection, setSelection, pageIds, total, state, actions, countLabel } = props;
  const [action, setAction] = useState<A>(actions[0]!.value);
  const [busy, setBusy] = useState(false);
  const count = selection.all ? total : selection.ids.size;
  const countCapped = selection.all && props.capped;
  const pageAll = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  const chosen = actions.find((a) => a.value === action) ?? actions[0]!;
  const extra = props.extra?.(action) ?? null;

  // After an action the list reloads: rows it took off the page leave the selection, the others stay ticked.
  const shownKey = pageIds.join(" ");
  useEffect(() => {
    const kept = keepShown(selection, pageIds);
    if (kept !== selection) setSelection(kept);
    // Only a new page of rows prunes; a change of the selection itself is already within the page.
  }, [shownKey]);

  const apply = async () => {
    if (extra?.missing) {
      toast.error(extra.missing, { action: "bulk" });
      return;
    }
    if (!(await confirm(chosen.question(countLabel(count, countCapped)), { confirmLabel: chosen.label }))) return;
    setBusy(true);
    try {
      const { page: _p, pageSize: _s, sort: _o, dir: _d, ...filter } = apiQuery(state);
      const done = await props.run(action, selection.all ? { filter } : { ids: [...selection.ids] });
      toast.success(done.message, { action: "bulk" });
      // The selection stays for a second action (issue 33 §1); the reload drops the rows that left the page.
      props.changed();
    } catch (e) {
      toast.error(errorText(e, "Erreur lors de l'action groupée."), { action: "bulk" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="bulk-bar" role="group" aria-label="Actions groupées">
      <label className="bulk-all">
        <input
          type="checkbox"
          checked={selection.all || pageAll}
          onChange={(e) => setSelection({ ids: e.target.checked ? new Set([...selection.ids, ...pageIds]) : new Set(), all: false })}
        />
        Tout sélectionner
      </label>
      {pageAll && !selection.all && total > pageIds.length && (
        <button type="button" className="btn btn-outline" onClick={() => setSelection({ ids: selection.ids, all: true })}>
          Sélectionner les {countLabel(total, props.capped)} {props.feminine ? "correspondantes" : "correspondants"}
        </button>
      )}
      <p className="bulk-count" aria-live="polite">
        {count === 0 ? props.noneSelected : `${countLabel(count, countCapped)} ${pluralWord(count, props.feminine ? "sélectionnée" : "sélectionné")}`}
      </p>
      {count > 0 && (
        <>
          <ListSelect label="Action" value={action} options={actions.map((a) => [a.value, a.label] as const)} onChange={setAction} />
          {extra?.control}
          <button type="button" className="btn" disabled={busy} onClick={() => void apply()}>
            Appliquer
          </button>
        </>
      )}
    </div>
  );
}
