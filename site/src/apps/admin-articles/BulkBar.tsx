/**
 * Bulk actions on /admin/articles (issue 19 §1): a checkbox per row (« Sélectionner : <titre> »), « Tout
 * sélectionner » for the page, then « Sélectionner les N articles correspondants » for every article matching the
 * list's filters; approve, put online or offline, add a theme, delete, after one confirmation naming the count.
 * The server resolves an « all matching » selection from the filters (POST /api/admin/articles/bulk).
 */
import { useState } from "react";
import { pluralWord } from "../../lib/format";
import type { ArticleSummary } from "../../../../api/contract";
import { articlesChanged } from "../articles/api";
import { api, call, errorText } from "../lib/api";
import { toast } from "../stores/toasts";
import { confirm } from "../ui/ConfirmDialog";
import type { Column } from "../ui/DataTable";
import { ListSelect, choicesOf } from "../ui/ListSelect";
import { apiQuery, type ListState } from "../ui/list-state";
import { countLabel } from "./list-query";

/** Ticked rows, or every article matching the filters. */
export type Selection = { ids: Set<string>; all: boolean };

const ACTIONS = [
  ["approve", "Approuver"],
  ["online", "Mettre en ligne"],
  ["offline", "Mettre hors ligne"],
  ["theme", "Ajouter un thème"],
  ["delete", "Supprimer"],
] as const;
type Action = (typeof ACTIONS)[number][0];

const QUESTIONS: Record<Action, (n: string) => string> = {
  approve: (n) => `Approuver ${n} ?`,
  online: (n) => `Mettre en ligne ${n} ?`,
  offline: (n) => `Mettre hors ligne ${n} ?`,
  theme: (n) => `Ajouter le thème à ${n} ?`,
  delete: (n) => `Supprimer ${n} ?`,
};

/** The selection column: one labelled checkbox per row. */
export function selectColumn(selection: Selection, toggle: (id: string) => void): Column<ArticleSummary> {
  return {
    key: "select",
    header: <span className="sr-only">Sélection</span>,
    label: "Sélection",
    cell: (a) => (
      <input type="checkbox" aria-label={`Sélectionner : ${a.title}`} checked={selection.all || selection.ids.has(a._id)} disabled={selection.all} onChange={() => toggle(a._id)} />
    ),
  };
}

type Props = {
  selection: Selection;
  setSelection: (s: Selection) => void;
  pageIds: string[];
  total: number;
  state: ListState;
  themes: { _id: string; name: string }[];
};

export function BulkBar({ selection, setSelection, pageIds, total, state, themes }: Props) {
  const [action, setAction] = useState<Action>("approve");
  const [themeId, setThemeId] = useState("");
  const [busy, setBusy] = useState(false);
  const count = selection.all ? total : selection.ids.size;
  const pageAll = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));

  const run = async () => {
    if (action === "theme" && !themeId) {
      toast.error("Choisissez le thème à ajouter.", { action: "bulk" });
      return;
    }
    if (!(await confirm(QUESTIONS[action](countLabel(count)), { confirmLabel: ACTIONS.find(([a]) => a === action)![1] }))) return;
    setBusy(true);
    try {
      const { page: _p, pageSize: _s, sort: _o, dir: _d, ...filter } = apiQuery(state);
      const body = {
        action,
        ...(selection.all ? { filter } : { ids: [...selection.ids] }),
        ...(action === "theme" ? { themeId } : {}),
      };
      const done = await call(api.admin.articles.bulk.post(body as never), "Erreur lors de l'action groupée.");
      toast.success(done.message, { action: "bulk" });
      setSelection({ ids: new Set(), all: false });
      articlesChanged();
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
          Sélectionner les {total.toLocaleString("fr-FR")} articles correspondants
        </button>
      )}
      <p className="bulk-count" aria-live="polite">
        {count === 0 ? "Aucun article sélectionné" : `${countLabel(count)} ${pluralWord(count, "sélectionné")}`}
      </p>
      {count > 0 && (
        <>
          <ListSelect label="Action" value={action} options={ACTIONS} onChange={setAction} />
          {action === "theme" && (
            <ListSelect label="Thème à ajouter" value={themeId} options={choicesOf(themes)} onChange={setThemeId} first="Choisir…" />
          )}
          <button type="button" className="btn" disabled={busy} onClick={() => void run()}>
            Appliquer
          </button>
        </>
      )}
    </div>
  );
}
