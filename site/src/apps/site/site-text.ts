/** French words for the « Site » and « Journal » screens: build changes, durations, audit actions. */
import { dakarClock } from "../../../../shared/dakar-time";
import { formatDateLong, plural, pluralWord } from "../../lib/format";

const KIND_WORDS: Record<string, [string, string]> = {
  article: ["article", "articles"],
  media: ["média", "médias"],
  event: ["événement", "événements"],
  member: ["membre", "membres"],
  theme: ["thème", "thèmes"],
  contact: ["message", "messages"],
};

/** "2 articles, 1 thème" from a build's changes; a manual or start-up build says so. */
export function changesText(changes: readonly { kind: string; id?: string }[]): string {
  if (changes.length === 0) return "Construction au démarrage du serveur";
  const counts = new Map<string, number>();
  for (const c of changes) counts.set(c.kind, (counts.get(c.kind) ?? 0) + 1);
  const parts: string[] = [];
  for (const [kind, n] of counts) {
    if (kind === "site") parts.push("reconstruction demandée");
    else {
      const [one, many] = KIND_WORDS[kind] ?? [kind, kind];
      // Every kind is a masculine noun: "1 thème modifié", "2 articles modifiés".
      parts.push(`${plural(n, one, many)} ${pluralWord(n, "modifié")}`);
    }
  }
  const text = parts.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the builder did by itself after the latest failure (api/admin/site `recovery`). */
export function recoveryText(r: { retries: number; recovered: boolean; recoveredAt: string | null; nextRetryAt: string | null }): string {
  if (r.recovered && r.recoveredAt) {
    return `Reprise automatique réussie le ${momentText(r.recoveredAt)}, après ${plural(r.retries, "nouvel essai", "nouveaux essais")}\u00a0: le site en ligne est à jour.`;
  }
  const done = r.retries > 0 ? `${plural(r.retries, "nouvel essai", "nouveaux essais")} sans succès pour l'instant\u00a0; ` : "";
  const next = r.nextRetryAt
    ? `prochain essai automatique le ${momentText(r.nextRetryAt)}.`
    : "aucun autre essai automatique n'est prévu\u00a0: utilisez «\u00a0Reconstruire le site\u00a0».";
  const text = done + next;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "3,4 s", "1 min 12 s". */
export function durationText(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toLocaleString("fr-FR", { maximumFractionDigits: 1 })} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

/** « 23 novembre 2026 à 14 h 05 »: the site's one formatter (shared/dakar-time.ts), midnight included. */
export function momentText(iso: string): string {
  return `${formatDateLong(iso)} à ${dakarClock(new Date(iso))}`;
}

const ACTIONS: Record<string, string> = {
  create: "Création",
  update: "Modification",
  delete: "Suppression",
  // The trash (« Corbeille »): deleting an article or a media puts it there; then restored, or removed for good.
  trash: "Mise à la corbeille",
  restore: "Restauration",
  purge: "Suppression définitive",
  // « Historique » (issue 20 §4): an older version of an article saved again.
  "revision-restore": "Restauration d'une version",
  // « Refuser la modification »: an admin dropped the pending edit of a published article.
  reject: "Refus d'une modification",
  // « Approuver la modification » (issue 32 §3): the pending edit of a published article became its public text.
  "approve-edit": "Approbation d'une modification",
  // Toggles: the summary says which way it went ("approuvé" / "désapprouvé", "mis en ligne" / "mis hors ligne").
  approve: "Approbation ou retrait",
  online: "Mise en ligne ou hors ligne",
  read: "Lu / non lu",
  rebuild: "Reconstruction du site",
  retry: "Nouvel essai d'envoi",
  test: "Courriel de test",
};

const ITEM_KINDS: Record<string, string> = {
  article: "Article",
  media: "Média",
  member: "Membre",
  theme: "Thème",
  event: "Événement",
  contact: "Message",
  site: "Site",
  "two-factor": "Double authentification",
  passkey: "Clé d'accès",
  mail: "Courriel",
};

/** `[value, label]` pairs of the journal's action filter. */
export const ACTION_CHOICES = Object.entries(ACTIONS) as [string, string][];

/** `[value, label]` pairs of the journal's item kind filter. */
export const KIND_CHOICES = Object.entries(ITEM_KINDS) as [string, string][];

export function actionText(action: string): string {
  return ACTIONS[action] ?? action;
}

export function itemKindText(kind: string): string {
  return ITEM_KINDS[kind] ?? kind;
}
