/**
 * The contact messages' list (issue 19 §1): newest or oldest first, read or unread, a date range and a search
 * (subject, sender, e-mail, text; accents ignored). The state lives in the address (`ui/list-state.ts`).
 */
import { pluralWord } from "../../lib/format";
import type { ListConfig } from "../ui/list-state";

export const CONTACT_SORTS = [["recent", "Par date", "desc"]] as const;

/** The one sort's two directions, as the « Ordre » choice offers them (phones have no column headers). */
export const CONTACT_ORDERS = [
  ["desc", "Plus récents d'abord"],
  ["asc", "Plus anciens d'abord"],
] as const;

export const CONTACT_READ = [
  ["", "Lus et non lus"],
  ["1", "Non lus"],
  ["0", "Lus"],
] as const;

export type ContactFilter = "unread" | "from" | "to";

export const CONTACT_LIST: ListConfig<"recent", ContactFilter> = { sorts: CONTACT_SORTS, defaultSort: "recent", filters: ["unread", "from", "to"] };

/** « 1 message », « 1 234 messages » (the bulk bar's count: « 3 messages sélectionnés »). */
export const messageCount = (n: number) => `${n.toLocaleString("fr-FR")} ${pluralWord(n, "message")}`;
