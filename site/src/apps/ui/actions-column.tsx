/**
 * The « Actions » column of the apps' tables: « Modifier » and « Supprimer » for one row, each named for screen
 * readers with the row's own label (a visually hidden suffix), the delete button busy while its call runs. Each
 * carries an icon that only the compact rows of the moderated lists show, in place of the word (issue 33 §1,
 * moderation/compact-rows.css). The name read out is the hidden text, « Modifier « Titre » », whole: the word seen
 * is hidden from screen readers, so a list may drop it from the screen (display: none) without renaming the button.
 */
import type { ReactNode } from "react";
import type { Column } from "./DataTable";
import { Icon } from "./Icon";

export type ActionsColumnOptions<T> = {
  /** Visually hidden text after « Modifier » / « Supprimer » naming the row, e.g. ` « Titre »`. */
  label: (row: T) => string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  /** The row's deletion is running. */
  deleting?: (row: T) => boolean;
  /** Whether « Supprimer » is offered for this row (default: always). A refusal known in advance is not offered. */
  canDelete?: (row: T) => boolean;
  /** Buttons before « Modifier » (e.g. an online toggle). */
  before?: (row: T) => ReactNode;
};

export function actionsColumn<T>(o: ActionsColumnOptions<T>): Column<T> {
  return {
    key: "actions",
    header: "Actions",
    className: "row-actions",
    cell: (row) => {
      const busy = o.deleting?.(row) ?? false;
      return (
        <>
          {o.before?.(row)}
          <button type="button" className="btn btn-small btn-outline" onClick={() => o.onEdit(row)}>
            <Icon name="pencil" className="row-action-icon" />
            <span className="row-action-word" aria-hidden="true">Modifier</span>
            <span className="sr-only">Modifier{o.label(row)}</span>
          </button>
          {(o.canDelete?.(row) ?? true) && (
            <button
              type="button"
              className="btn btn-small btn-danger"
              // aria-disabled, not disabled: a disabled button drops keyboard focus to the page (issue 19 §3.6).
              onClick={() => !busy && o.onDelete(row)}
              aria-disabled={busy || undefined}
              aria-busy={busy || undefined}
            >
              <Icon name="trash" className="row-action-icon" />
              <span className="row-action-word" aria-hidden="true">Supprimer</span>
              <span className="sr-only">Supprimer{o.label(row)}</span>
            </button>
          )}
        </>
      );
    },
  };
}
