/** Pure helpers of the issues screen: moving items, the texts of states and progress, the preview document. */
import type { IssueItemView, IssueProgress, IssueSummary } from "../../../../api/contract";
import { dakarMoment } from "../../../../shared/dakar-time";
import { pluralWord } from "../../lib/format";

export function moveItem<T>(list: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return list;
  const next = list.slice();
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export const itemKey = (i: Pick<IssueItemView, "kind" | "id">) => `${i.kind}:${i.id}`;

/** The proposal's items the issue does not hold (offered back with « Ajouter »). */
export const missingItems = (proposal: IssueItemView[], chosen: IssueItemView[]) => {
  const have = new Set(chosen.map(itemKey));
  return proposal.filter((i) => !have.has(itemKey(i)));
};

export const STATE_TEXT: Record<IssueSummary["state"], string> = {
  draft: "Brouillon",
  scheduled: "Programmé",
  sending: "En cours d'envoi",
  sent: "Envoyé",
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("fr-FR")}\u00a0${pluralWord(n, one, many)}`;

export function progressText(p: IssueProgress): string {
  return `${plural(p.sent, "envoyé", "envoyés")} · ${plural(p.failed, "échec", "échecs")} · ${plural(p.remaining, "restant", "restants")} sur ${p.total.toLocaleString("fr-FR")}`;
}

/** An instant on Dakar's clock, as the admin chose it (« 1 décembre 2026 à 9 h 30 »), by the site's one formatter. */
export const dakarText = (iso: string) => `${dakarMoment(new Date(iso))} (heure de Dakar)`;

/**
 * The mail's own HTML in a frame that may run and load nothing: the sandbox has no permission at all, and a CSP
 * added to the document's head forbids every load but inline styles (as « Courriels » does for its reading).
 */
export function previewDocument(html: string): string {
  const csp = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`;
  return /<head>/i.test(html) ? html.replace(/<head>/i, `<head>${csp}`) : `${csp}${html}`;
}
