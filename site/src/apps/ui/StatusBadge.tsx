/**
 * The two publication states of articles and media (spec §4): approved ✓ / ⌛ and online 🌐 / 🚫, with a text
 * alternative (the symbols alone say nothing to a screen reader). `StatusBadge` shows a state; `Toggle` (admin
 * tables) changes it: a button whose name stays the same and whose pressed state carries the value.
 *
 *   <StatusBadge kind="approved" value={a.approved} />
 *   <Toggle kind="online" value={a.online} item={a.title} busy={busy} onToggle={() => setOnline(a)} />
 */
import "./StatusBadge.css";

export type StatusKind = "approved" | "online";

const TEXT: Record<StatusKind, { on: string; off: string; icon: [string, string]; name: string }> = {
  approved: { on: "Approuvé", off: "En attente d'approbation", icon: ["✓", "⌛"], name: "Approuvé" },
  online: { on: "En ligne", off: "Hors ligne", icon: ["🌐", "🚫"], name: "En ligne" },
};

/** The French words for a state, e.g. for a sort or a filter. */
export function statusText(kind: StatusKind, value: boolean): string {
  return value ? TEXT[kind].on : TEXT[kind].off;
}

export function StatusBadge({ kind, value }: { kind: StatusKind; value: boolean }) {
  const t = TEXT[kind];
  const text = value ? t.on : t.off;
  return (
    <span className={`status status-${kind} ${value ? "is-on" : "is-off"}`} title={text}>
      <span aria-hidden="true">{value ? t.icon[0] : t.icon[1]}</span>
      <span className="sr-only">{text}</span>
    </span>
  );
}

export type ToggleProps = {
  kind: StatusKind;
  value: boolean;
  onToggle: () => void;
  /** The row's item (a title), so each button's name says what it changes. */
  item?: string;
  /** The change is being saved: the button is disabled meanwhile. */
  busy?: boolean;
};

export function Toggle({ kind, value, onToggle, item, busy = false }: ToggleProps) {
  const t = TEXT[kind];
  const text = value ? t.on : t.off;
  return (
    <button
      type="button"
      className={`status-toggle status-${kind} ${value ? "is-on" : "is-off"}`}
      aria-pressed={value}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={onToggle}
      title={text}
    >
      <span aria-hidden="true">{busy ? "⏳" : value ? t.icon[0] : t.icon[1]}</span>
      <span className="sr-only">
        {t.name}
        {item ? ` : ${item}` : ""}
      </span>
    </button>
  );
}
