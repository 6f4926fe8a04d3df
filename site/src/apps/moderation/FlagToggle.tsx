/**
 * The approved / online toggles of the admin tables (spec §4): the state's icon (the same as the status cells)
 * and, written on the button, what a press does (« Approuver », « Mettre en ligne »: issue 33 §1, on phones too;
 * an icon alone left people guessing), the row's title added for screen readers (« Approuver : Titre »), the
 * current state as its description (the title). The name used to stay « En ligne » whatever the state, with only
 * aria-pressed telling the difference (issue 19 §3.10); an action name says both the state and the effect.
 *
 *   <FlagToggle kind="online" value={a.online} item={a.title} busy={busy} onToggle={() => setOnline(a)} />
 */
import { Icon } from "../ui/Icon";
import { statusIcon, statusText, type StatusKind } from "../ui/StatusBadge";
import "./FlagToggle.css";

/** What pressing the toggle does, by kind and current value. */
const ACTION: Record<StatusKind, { on: string; off: string }> = {
  // « Désapprouver », the spec's own word (§4 « Article désapprouvé ! »), short enough for a compact row.
  approved: { on: "Désapprouver", off: "Approuver" },
  online: { on: "Mettre hors ligne", off: "Mettre en ligne" },
};

/** The accessible name of a toggle: its action, then the item it changes. */
export function toggleName(kind: StatusKind, value: boolean, item?: string): string {
  const action = value ? ACTION[kind].on : ACTION[kind].off;
  return item ? `${action}\u00a0: ${item}` : action;
}

export type FlagToggleProps = {
  kind: StatusKind;
  value: boolean;
  onToggle: () => void;
  /** The row's item (a title), so each button's name says what it changes. */
  item?: string;
  /**
   * The change is being saved: the button ignores presses meanwhile. `aria-disabled`, not `disabled`: a disabled
   * button loses keyboard focus to the page body (issue 19 §3.6).
   */
  busy?: boolean;
};

export function FlagToggle({ kind, value, onToggle, item, busy = false }: FlagToggleProps) {
  return (
    <button
      type="button"
      className={`status-toggle status-${kind} ${value ? "is-on" : "is-off"}`}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => !busy && onToggle()}
      title={statusText(kind, value)}
    >
      <Icon name={busy ? "busy" : statusIcon(kind, value)} />
      <span className="status-word">{value ? ACTION[kind].on : ACTION[kind].off}</span>
      {item && <span className="sr-only">{`\u00a0: ${item}`}</span>}
    </button>
  );
}
