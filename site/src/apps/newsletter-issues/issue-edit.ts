/** Pure helpers of the issues screen: the sections of items, the texts of states and progress, the preview document. */
import type { IssueItemView, IssueProgress, IssueSummary } from "../../../../api/contract";
import { dakarMoment } from "../../../../shared/dakar-time";
import { ISSUE_SECTIONS } from "../../../../shared/newsletter";
import { pluralWord } from "../../lib/format";

export const itemKey = (i: Pick<IssueItemView, "kind" | "id">) => `${i.kind}:${i.id}`;

/** The composer's sections: the mail's, in its order (shared/newsletter.ts). */
export const SECTIONS = ISSUE_SECTIONS satisfies readonly { kind: IssueItemView["kind"]; title: string }[];

/**
 * What a section offers to tick: the items of the issue the proposal no longer lists (an older pick of a saved
 * draft), then the proposal's, each once.
 */
export function sectionItems(kind: IssueItemView["kind"], proposal: IssueItemView[], chosen: IssueItemView[]): IssueItemView[] {
  const proposed = new Set(proposal.map(itemKey));
  return [...chosen.filter((i) => i.kind === kind && !proposed.has(itemKey(i))), ...proposal.filter((i) => i.kind === kind)];
}

/** The ticked items as the issue saves them: section after section, each in the order it shows. */
export function chosenInOrder(proposal: IssueItemView[], chosen: IssueItemView[]): IssueItemView[] {
  const ticked = new Set(chosen.map(itemKey));
  return SECTIONS.flatMap((s) => sectionItems(s.kind, proposal, chosen).filter((i) => ticked.has(itemKey(i))));
}

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
