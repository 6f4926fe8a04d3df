/** Article and event themes. `key` only links seed data together; it is never stored. */
export type ThemeSeed = { key: string; name: string; color: string; keywords: string[] };

export const THEMES: ThemeSeed[] = [
  { key: "gouv", name: "Gouvernance", color: "#1f4e79", keywords: ["gouvernance", "institutions", "décentralisation", "citoyenneté"] },
  { key: "eco", name: "Économie", color: "#9c5d12", keywords: ["économie", "emploi", "finances publiques", "entrepreneuriat"] },
  { key: "edu", name: "Éducation", color: "#6a3d9a", keywords: ["éducation", "école", "formation", "langues nationales"] },
  { key: "env", name: "Environnement et océans", color: "#0f6f6a", keywords: ["océan", "littoral", "climat", "pêche"] },
  { key: "culture", name: "Culture et patrimoine", color: "#a23b2a", keywords: ["patrimoine", "mémoire", "arts", "Gorée"] },
  { key: "sante", name: "Santé", color: "#2e7d4f", keywords: ["santé publique", "soins", "prévention", "nutrition"] },
  { key: "num", name: "Numérique", color: "#2b5fa8", keywords: ["numérique", "données", "intelligence artificielle", "inclusion"] },
  { key: "ethique", name: "Spiritualité et éthique", color: "#7a5c2e", keywords: ["éthique", "spiritualité", "valeurs", "dialogue"] },
  { key: "jeunesse", name: "Jeunesse", color: "#c0392b", keywords: ["jeunesse", "engagement", "insertion", "sport"] },
  { key: "agri", name: "Agriculture et souveraineté alimentaire", color: "#5b7f1a", keywords: ["agriculture", "agroécologie", "semences", "alimentation"] },
];
