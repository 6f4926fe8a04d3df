/**
 * The « Courriels » list: its sort, its state filter, its French words, and the document a message's HTML is
 * shown in. The list's state lives in the address (`ui/list-state.ts`): `/admin/mail?state=failed` is a link.
 * Pure: tested alone.
 */
import type { MailSummary } from "../../../../api/contract";
import { countText, type ListConfig } from "../ui/list-state";
import { plural } from "../../lib/format";

export const MAIL_SORTS = [["recent", "Plus récents", "desc"]] as const;

export type MailState = MailSummary["state"];

export const MAIL_STATES: readonly (readonly [MailState | "", string])[] = [
  ["", "Tous les courriels"],
  ["pending", "En attente d'envoi"],
  ["sending", "En cours d'envoi"],
  ["sent", "Envoyés"],
  ["failed", "En échec"],
  ["held", "Suspendus"],
];

export const MAIL_LIST: ListConfig<"recent", "state"> = { sorts: MAIL_SORTS, defaultSort: "recent", filters: ["state"] };

/** « Aucun courriel », « 1 courriel », « 1 234 courriels ». */
export function countLabel(total: number): string {
  return countText(total, ["courriel", "courriels"], "Aucun courriel");
}

const STATE_TEXT: Record<MailState, { text: string; badge: string }> = {
  pending: { text: "En attente", badge: "badge-warn" },
  sending: { text: "En cours d'envoi", badge: "" },
  sent: { text: "Envoyé", badge: "badge-ongoing" },
  failed: { text: "En échec", badge: "mail-failed" },
  // Held by a restore until « Reprendre l'envoi » (api/modules/mail/hold.ts).
  held: { text: "Suspendu", badge: "badge-warn" },
};

export const stateText = (state: MailState): string => STATE_TEXT[state].text;
export const stateBadge = (state: MailState): string => `badge ${STATE_TEXT[state].badge}`.trim();

/**
 * The sentence over « Reprendre l'envoi »: « Envois suspendus après une restauration : 6 courriels et 1 numéro de
 * la lettre attendent. Ils ont pu partir avant la restauration. »
 */
export function heldText(held: { messages: number; issues: number }): string {
  const parts = [
    ...(held.messages ? [plural(held.messages, "courriel", "courriels")] : []),
    ...(held.issues ? [plural(held.issues, "numéro de la lettre", "numéros de la lettre")] : []),
  ];
  const verb = held.messages + held.issues > 1 ? "attendent" : "attend";
  return (
    `Envois suspendus après une restauration\u00a0: ${parts.join(" et ")} ${verb}. ` +
    "Ils ont pu partir avant la restauration\u00a0: reprenez l'envoi seulement si leurs destinataires doivent les recevoir."
  );
}

/** « Awa Ndiaye <awa@example.sn> », or the address alone. */
export const recipientText = (m: Pick<MailSummary, "to" | "toName">): string => (m.toName ? `${m.toName} <${m.to}>` : m.to);

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/**
 * The document of a message's preview frame (`srcdoc` of a sandboxed iframe: no script, no form, an origin of its
 * own). The server already cleaned the HTML; the frame's own policy also forbids it to load anything, so even a
 * remote picture left in a message could not tell its sender that it was opened.
 */
export function previewDocument(subject: string, html: string): string {
  return (
    '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">` +
    `<title>${escapeHtml(subject)}</title></head><body style="margin:0">${html}</body></html>`
  );
}
