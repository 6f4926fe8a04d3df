/**
 * The journal's list (/admin/audit, issue 19 §4): its one sort (newest or oldest first), its filters (who, what,
 * which kind of item, from and to which day) and its count. The state lives in the address (`ui/list-state.ts`)
 * like every list of the back office; the server pages, filters and searches (actor and the item's title kept
 * with each entry, accents ignored).
 */
import type { AuditEntry } from "../../../../api/contract";
import { countText, type ListConfig } from "../ui/list-state";

export const AUDIT_SORTS = [["recent", "Plus récentes", "desc"]] as const;

export type AuditSort = (typeof AUDIT_SORTS)[number][0];
export type AuditFilter = "actor" | "action" | "kind" | "from" | "to";

export const AUDIT_LIST: ListConfig<AuditSort, AuditFilter> = {
  sorts: AUDIT_SORTS,
  defaultSort: "recent",
  filters: ["actor", "action", "kind", "from", "to"],
};

/** « Aucune entrée », « 1 entrée », « n entrées ». */
export const entryCount = (total: number, capped?: boolean) => countText(total, ["entrée", "entrées"], "Aucune entrée", capped);

/**
 * The item's name and what became of it, apart: the title kept with the entry, and the rest of the summary
 * (« approuvé », « mis hors ligne »). Entries written before titles were kept have only their summary.
 */
export function entryParts(entry: Pick<AuditEntry, "title" | "summary">): { name: string; detail: string } {
  const title = entry.title.trim();
  if (!title) return { name: "", detail: entry.summary };
  const rest = entry.summary.startsWith(title) ? entry.summary.slice(title.length).replace(/^\s*—\s*/, "") : entry.summary;
  return { name: title, detail: rest };
}
