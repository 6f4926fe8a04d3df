/**
 * The approved / online toggles and the edit / delete buttons of the admin article and media tables (spec §4):
 * one server call per toggle with the §4 message, the list reloaded after it, deletion after confirmation.
 * Both screens differ only in their calls and texts, given here as options.
 */
import { useState } from "react";
import { errorText } from "../lib/api";
import { invalidate } from "../lib/query";
import { toast } from "../stores/toasts";
import { confirm } from "../ui/ConfirmDialog";
import { actionsColumn } from "../ui/actions-column";
import { PublicationState } from "../ui/PublicationState";
import "./compact-rows.css";
import type { Column } from "../ui/DataTable";
import { FlagToggle } from "./FlagToggle";
import { undoDelete } from "../trash/undo";
import { useFlagOverrides, type Flags } from "./use-flags";

export type Flag = keyof Flags;
type Row = Flags & { _id: string; title: string; draft?: boolean; publishAt?: string | null };

export type ModerationOptions = {
  /** The list on screen: a new one from the server drops the answered flags held meanwhile. */
  list: unknown;
  /** Sets one flag; resolves with the server's answer (new flags and the §4 message) or throws its error. */
  setFlag: (id: string, flag: Flag, value: boolean, fallback: string) => Promise<Flags & { message: string }>;
  remove: (id: string) => Promise<unknown>;
  /** Reloads the lists showing these items. */
  changed: () => void;
  onEdit: (id: string) => void;
  texts: { confirm: string; deleted: string; deleteFallback: string };
  /** What a deletion moves to the back office's trash, for the « Annuler » of its message. */
  kind: "article" | "media";
};

/** The « Statut » and « Actions » columns of a moderated table. */
export function useModerationColumns<T extends Row>(opts: ModerationOptions): Column<T>[] {
  const [flagsOf, answered] = useFlagOverrides(opts.list);
  const [busy, setBusy] = useState<string | null>(null);

  const reload = () => {
    opts.changed();
    invalidate("/api/admin/stats");
  };

  const toggle = async (row: T, flag: Flag) => {
    const now = flagsOf(row._id, row);
    // Earlier failures of this toggle are cleared by its success (issue 19 §3.3).
    const action = `${flag}:${row._id}`;
    setBusy(`${row._id}:${flag}`);
    // The spec's wording (§8), flag name included.
    const fallback = `Erreur lors du changement d'état ${flag}`;
    try {
      const state = await opts.setFlag(row._id, flag, !now[flag], fallback);
      answered(row._id, state);
      toast.success(state.message, { action });
      reload();
    } catch (e) {
      toast.error(`Erreur lors du changement de statut\u00a0: ${errorText(e, fallback)}`, { action });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (row: T) => {
    if (!(await confirm(opts.texts.confirm))) return;
    setBusy(`${row._id}:delete`);
    try {
      await opts.remove(row._id);
      toast.success(opts.texts.deleted, undoDelete("admin", opts.kind, row._id, reload));
      reload();
    } catch (e) {
      toast.error(`Erreur lors de la suppression\u00a0: ${errorText(e, opts.texts.deleteFallback)}`, { action: `delete:${row._id}` });
    } finally {
      setBusy(null);
    }
  };

  const flagToggle = (row: T, flag: Flag) => (
    <FlagToggle kind={flag} value={flagsOf(row._id, row)[flag]} item={row.title} busy={busy === `${row._id}:${flag}`} onToggle={() => void toggle(row, flag)} />
  );

  return [
    {
      key: "status",
      header: "Statut",
      // Where the row stands in one word, then the two switches saying what a press does (issue 33 §1).
      cell: (row) => (
        <span className="admin-toggles">
          <PublicationState item={{ ...row, ...flagsOf(row._id, row) }} />
          {flagToggle(row, "approved")}
          {flagToggle(row, "online")}
        </span>
      ),
    },
    actionsColumn<T>({ label: (row) => ` « ${row.title} »`, onEdit: (row) => opts.onEdit(row._id), onDelete: (row) => void remove(row), deleting: (row) => busy === `${row._id}:delete` }),
  ];
}
