/**
 * The subscribers list of « Lettre d'information »: its sort, its state filter and its French words. The list's
 * state lives in the address (`ui/list-state.ts`): `/admin/newsletter?state=pending` is a link. Pure.
 */
import type { SubscriberSummary } from "../../../../api/contract";
import { countText, type ListConfig } from "../ui/list-state";

export const SUBSCRIBER_SORTS = [["recent", "Plus récents", "desc"]] as const;

export type SubscriberState = SubscriberSummary["state"];

export const SUBSCRIBER_STATES: readonly (readonly [SubscriberState | "", string])[] = [
  ["", "Tous les abonnés"],
  ["confirmed", "Confirmés"],
  ["pending", "En attente de confirmation"],
  ["unsubscribed", "Désinscrits"],
];

export const SUBSCRIBER_LIST: ListConfig<"recent", "state"> = { sorts: SUBSCRIBER_SORTS, defaultSort: "recent", filters: ["state"] };

/** « Aucun abonné », « 1 abonné », « 1 234 abonnés ». */
export const countLabel = (total: number): string => countText(total, ["abonné", "abonnés"], "Aucun abonné");

const STATE_TEXT: Record<SubscriberState, { text: string; badge: string }> = {
  pending: { text: "En attente", badge: "badge-warn" },
  confirmed: { text: "Confirmé", badge: "badge-ongoing" },
  unsubscribed: { text: "Désinscrit", badge: "" },
};

export const stateText = (state: SubscriberState): string => STATE_TEXT[state].text;
export const stateBadge = (state: SubscriberState): string => `badge ${STATE_TEXT[state].badge}`.trim();

const SOURCE_TEXT: Record<string, string> = { footer: "Pied de page", lettre: "Page Lettre", profile: "Profil" };
export const sourceText = (source: string): string => SOURCE_TEXT[source] ?? source;

/** The CSV export of what the list shows (same state and search, every page). */
export function exportHref(state: string | undefined, q: string): string {
  const params = new URLSearchParams();
  if (state) params.set("state", state);
  if (q.trim()) params.set("q", q.trim());
  const query = params.toString();
  return `/api/admin/newsletter/subscribers/export${query ? `?${query}` : ""}`;
}
