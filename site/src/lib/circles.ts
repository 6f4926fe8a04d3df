/** The two member circles: their route segment, API group and presentation text. */
export type CircleSlug = "cercle-impulsion" | "cercle-axiologique";

export interface Circle {
  slug: CircleSlug;
  name: string;
  /** One sentence for cards and the home page. */
  summary: string;
  /** Paragraphs of the circle's own page. */
  body: string[];
}

export const CIRCLES: Record<CircleSlug, Circle> = {
  "cercle-impulsion": {
    slug: "cercle-impulsion",
    name: "Cercle Impulsion",
    summary:
      "Le cercle qui initie et porte les projets de l'Institut : études, rencontres, publications et partenariats.",
    body: [
      "Le Cercle Impulsion réunit les membres qui donnent l'élan aux travaux de l'Institut. Il propose les thèmes d'étude, organise les rencontres et accompagne les projets depuis l'idée jusqu'à leur publication.",
      "Chercheurs, praticiens et acteurs de terrain y croisent leurs expériences pour transformer les questions du moment en programmes de travail concrets, ouverts à la communauté.",
    ],
  },
  "cercle-axiologique": {
    slug: "cercle-axiologique",
    name: "Cercle Axiologique",
    summary: "Le cercle qui veille aux valeurs, à l'éthique et à la cohérence des travaux de l'Institut.",
    body: [
      "Le Cercle Axiologique rassemble les membres attachés à la réflexion sur les valeurs qui fondent l'action de l'Institut : dignité, mémoire, transmission et responsabilité.",
      "Il éclaire les débats par un regard philosophique, historique et éthique, relit les orientations de l'Institut et veille à ce que ses travaux restent fidèles à sa mission.",
    ],
  },
};

export const CIRCLE_LIST = Object.values(CIRCLES);
