/**
 * The blocks of the « / » menu (issue 32 §1), with the words each is found by. Typing « /ta » at the start of an
 * empty paragraph lists « Tableau »; accents and case do not matter. Pure, tested alone (slash-items.test.ts).
 */
export type BlockKey = "h2" | "h3" | "bullet" | "ordered" | "quote" | "table" | "picture" | "library" | "embed" | "file" | "callout" | "separator";

export type BlockItem = { key: BlockKey; label: string; hint: string; words: string };

export const BLOCKS: readonly BlockItem[] = [
  { key: "h2", label: "Titre de niveau 2", hint: "Une partie du texte", words: "titre intertitre heading h2 partie" },
  { key: "h3", label: "Titre de niveau 3", hint: "Une sous-partie", words: "titre sous-titre heading h3 sous-partie" },
  { key: "bullet", label: "Liste à puces", hint: "Des points sans ordre", words: "liste puces points" },
  { key: "ordered", label: "Liste numérotée", hint: "Des étapes dans l'ordre", words: "liste numerotee numeros etapes" },
  { key: "quote", label: "Citation", hint: "Les mots de quelqu'un", words: "citation quote guillemets" },
  { key: "table", label: "Tableau", hint: "Des lignes et des colonnes", words: "tableau table lignes colonnes chiffres" },
  { key: "picture", label: "Image", hint: "Envoyer une image", words: "image photo illustration envoyer" },
  { key: "library", label: "Image de la médiathèque", hint: "Choisir une image déjà envoyée", words: "image photo mediatheque bibliotheque" },
  { key: "embed", label: "Vidéo ou son", hint: "YouTube, Vimeo ou SoundCloud", words: "video son audio youtube vimeo soundcloud integrer" },
  { key: "file", label: "Fichier PDF", hint: "Un PDF de la médiathèque", words: "fichier pdf document rapport telecharger mediatheque" },
  { key: "callout", label: "Encadré", hint: "Un texte mis en valeur", words: "encadre callout note important retenir" },
  { key: "separator", label: "Séparateur", hint: "Une ligne entre deux parties", words: "separateur ligne trait hr" },
];

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The blocks whose name or words start with each word of the query (« titre 3 » finds « Titre de niveau 3 »). */
export function filterBlocks(query: string): BlockItem[] {
  const parts = fold(query).split(/\s+/).filter(Boolean);
  if (parts.length === 0) return [...BLOCKS];
  return BLOCKS.filter((b) => {
    const words = fold(`${b.label} ${b.words}`).split(/[\s'-]+/);
    return parts.every((p) => words.some((w) => w.startsWith(p)));
  });
}

/** The query of the « / » menu: the paragraph's whole text when it starts with « / » (at most a few words). */
export function slashQuery(paragraphText: string): string | null {
  const m = /^\/([\p{L}\p{N}' -]{0,30})$/u.exec(paragraphText);
  return m ? (m[1] ?? "") : null;
}
