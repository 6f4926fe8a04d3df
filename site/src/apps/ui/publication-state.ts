/** The one word for where an article or a media stands (ui/PublicationState.tsx draws it; issue 33 §1). */

export type Publishable = { approved: boolean; online: boolean; draft?: boolean; publishAt?: string | null };

export type PublicationWord = "Brouillon" | "Programmé" | "En attente" | "Hors ligne" | "Publié";

/** The word for an item's state (the badge adds a scheduled item's date). */
export function publicationWord(item: Publishable): PublicationWord {
  if (item.draft) return "Brouillon";
  if (item.publishAt) return "Programmé";
  if (!item.approved) return "En attente";
  if (!item.online) return "Hors ligne";
  return "Publié";
}
