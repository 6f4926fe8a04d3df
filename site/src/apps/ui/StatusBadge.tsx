/**
 * The two publication states of articles and media (spec §4), approved or waiting and online or offline, as an SVG
 * icon with its French word written beside it (issue 33 §1: an icon alone was read by nobody but screen readers),
 * the longer wording in the title. Emoji were used before; machines without an emoji font drew an empty box
 * (issue 19 §3.10).
 *
 *   <StatusBadge kind="approved" value={a.approved} />
 */
import { Icon, type IconName } from "./Icon";
import "./StatusBadge.css";

export type StatusKind = "approved" | "online";

const TEXT: Record<StatusKind, { on: string; off: string; icon: [IconName, IconName] }> = {
  approved: { on: "Approuvé", off: "En attente d'approbation", icon: ["check", "hourglass"] },
  online: { on: "En ligne", off: "Hors ligne", icon: ["globe", "offline"] },
};

/** The word written in the badge: short enough for a dense row. */
const WORD: Record<StatusKind, { on: string; off: string }> = {
  approved: { on: "Approuvé", off: "En attente" },
  online: { on: "En ligne", off: "Hors ligne" },
};

/** The French words for a state, e.g. for a sort or a filter. */
export function statusText(kind: StatusKind, value: boolean): string {
  return value ? TEXT[kind].on : TEXT[kind].off;
}

/** The icon of a state. */
export function statusIcon(kind: StatusKind, value: boolean): IconName {
  return TEXT[kind].icon[value ? 0 : 1];
}

export function StatusBadge({ kind, value }: { kind: StatusKind; value: boolean }) {
  return (
    <span className={`status status-${kind} ${value ? "is-on" : "is-off"}`} title={statusText(kind, value)}>
      <Icon name={statusIcon(kind, value)} />
      <span className="status-word">{value ? WORD[kind].on : WORD[kind].off}</span>
    </span>
  );
}
