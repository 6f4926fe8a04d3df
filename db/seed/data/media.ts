import type { MediaType } from "../../schema";

/** Picture styles drawn by ../files.ts. */
export type Scene = "goree" | "littoral" | "pirogues" | "solaire" | "niayes";

/** A file the seed generates for a media item. */
export type MediaFile =
  | { kind: "wav"; seconds: number; notes: number[] }
  | { kind: "pdf"; doc: string }
  | { kind: "jpg"; scene: Scene };

export type MediaSeed = {
  /** Links articles to media inside the seed; never stored. */
  key: string;
  title: string;
  type: MediaType;
  description: string;
  tags: string[];
  uploadedBy: string;
  daysAgo: number;
  file?: MediaFile;
  externalUrl?: string;
  thumbnail?: boolean;
  approved?: boolean;
  online?: boolean;
  /** Optional longer text shown on the media page. */
  body?: string[];
};

export const MEDIA: MediaSeed[] = [
  // Audio files: short generated chords, which is what a jingle or a chime is.
  { key: "audio-jingle", type: "audio", title: "Jingle de l'émission « Paroles d'île »", uploadedBy: "membre", daysAgo: 40, thumbnail: true,
    file: { kind: "wav", seconds: 6, notes: [261.63, 329.63, 392.0] },
    description: "Le jingle d'ouverture de notre émission mensuelle diffusée sur les radios communautaires partenaires, de Gorée à Ziguinchor.",
    tags: ["radio", "émission", "jingle"],
    body: ["« Paroles d'île » donne chaque mois la parole aux membres de l'Institut et aux habitants de Gorée.", "Ce jingle peut être librement repris par les radios communautaires qui diffusent l'émission."] },
  { key: "audio-generique", type: "audio", title: "Générique du podcast « Les Cercles »", uploadedBy: "ctgueye", daysAgo: 150, thumbnail: true,
    file: { kind: "wav", seconds: 5, notes: [220.0, 277.18, 329.63, 440.0] },
    description: "Générique du podcast dans lequel les membres du Cercle Impulsion et du Cercle Axiologique débattent d'une question d'actualité.",
    tags: ["podcast", "générique"] },
  { key: "audio-carillon", type: "audio", title: "Carillon d'ouverture du colloque", uploadedBy: "admin", daysAgo: 3, approved: false,
    file: { kind: "wav", seconds: 4, notes: [392.0, 493.88, 587.33] },
    description: "Carillon diffusé avant chaque session du colloque international sur l'océan.",
    tags: ["colloque", "son"] },

  // Videos: hosted elsewhere, played through their links.
  { key: "video-adichie", type: "video", title: "Le danger d'une histoire unique — Chimamanda Ngozi Adichie", uploadedBy: "hbassene", daysAgo: 210, thumbnail: true,
    externalUrl: "https://www.youtube.com/watch?v=D9Ihs241zeg",
    description: "Une conférence devenue classique sur la manière dont les récits façonnent notre regard sur l'Afrique ; sous-titres français disponibles. Support de notre atelier sur les langues et les récits.",
    tags: ["conférence", "récit", "littérature"] },
  { key: "video-rosling", type: "video", title: "200 pays, 200 ans, 4 minutes — Hans Rosling", uploadedBy: "mcdiopsow", daysAgo: 330, thumbnail: true,
    externalUrl: "https://www.youtube.com/watch?v=jbkSRLYSojo",
    description: "Deux siècles de santé et de richesse des nations racontés en quatre minutes : un excellent point de départ pour nos ateliers sur les statistiques publiques.",
    tags: ["statistiques", "développement", "données"] },
  { key: "video-vimeo", type: "video", title: "Court métrage : la mer et ceux qui en vivent", uploadedBy: "tgirard", daysAgo: 95,
    externalUrl: "https://vimeo.com/76979871",
    description: "Court métrage présenté lors de notre ciné-débat sur les aires marines protégées.",
    tags: ["cinéma", "océan", "ciné-débat"] },
  { key: "video-mp4", type: "video", title: "Plan fixe : floraison au jardin de l'Institut", uploadedBy: "cdiouf", daysAgo: 60, online: false,
    externalUrl: "https://interactive-examples.mdn.mozilla.net/media/cc0-videos/flower.mp4",
    description: "Court plan fixe utilisé en ouverture de nos vidéos ; il est hors ligne en attendant une version sous-titrée.",
    tags: ["vidéo", "jardin"] },

  // PDF documents written by the seed (see documents.ts).
  { key: "pdf-budgets", type: "pdf", title: "Note de synthèse : les budgets participatifs", uploadedBy: "mcdiopsow", daysAgo: 75, thumbnail: true,
    file: { kind: "pdf", doc: "budgets" },
    description: "Note de synthèse tirée de nos entretiens avec des élus et des habitants de la Petite-Côte sur les budgets participatifs, avec des recommandations pratiques pour les communes.",
    tags: ["gouvernance locale", "budget", "note"] },
  { key: "pdf-rapport", type: "pdf", title: "Rapport d'activité 2024", uploadedBy: "admin", daysAgo: 280, thumbnail: true,
    file: { kind: "pdf", doc: "rapport" },
    description: "Le rapport d'activité de l'Institut pour l'année 2024 : publications, rencontres, partenariats et comptes.",
    tags: ["rapport", "Institut"] },
  { key: "pdf-charte", type: "pdf", title: "Charte éthique des membres", uploadedBy: "akane", daysAgo: 500,
    file: { kind: "pdf", doc: "charte" },
    description: "La charte que signe chaque membre en rejoignant l'Institut : indépendance, honnêteté intellectuelle, respect des personnes et service du bien commun.",
    tags: ["charte", "éthique"] },

  // Pictures generated by the seed.
  { key: "img-goree", type: "image", title: "Gorée vue depuis la chaloupe", uploadedBy: "clefevre", daysAgo: 120, thumbnail: true,
    file: { kind: "jpg", scene: "goree" },
    description: "Illustration de l'île de Gorée à l'arrivée de la chaloupe, avec le fort d'Estrées et les maisons colorées du quai.",
    tags: ["Gorée", "illustration", "patrimoine"] },
  { key: "img-littoral", type: "image", title: "Le littoral de la Langue de Barbarie", uploadedBy: "isy", daysAgo: 45, thumbnail: true,
    file: { kind: "jpg", scene: "littoral" },
    description: "Illustration du trait de côte à Saint-Louis, où la mer avance chaque année sur les habitations.",
    tags: ["littoral", "érosion", "Saint-Louis"] },
  { key: "img-pirogues", type: "image", title: "Pirogues au retour de pêche", uploadedBy: "isy", daysAgo: 88,
    file: { kind: "jpg", scene: "pirogues" },
    description: "Pirogues peintes de retour sur la plage de Kayar en fin d'après-midi.",
    tags: ["pêche", "Kayar"] },
  { key: "img-solaire", type: "image", title: "Mini-centrale solaire dans le Saloum", uploadedBy: "bthiam", daysAgo: 260, thumbnail: true,
    file: { kind: "jpg", scene: "solaire" },
    description: "Schéma illustré d'une mini-centrale solaire villageoise comme celles installées dans les îles du Saloum.",
    tags: ["énergie", "solaire", "Saloum"] },
  { key: "img-niayes", type: "image", title: "Parcelles maraîchères des Niayes", uploadedBy: "mba", daysAgo: 5, approved: false,
    file: { kind: "jpg", scene: "niayes" },
    description: "Illustration des planches de légumes cultivées en agroécologie dans la zone des Niayes.",
    tags: ["agroécologie", "maraîchage"] },

  // External resources: embedded when the site knows the provider, opened otherwise.
  { key: "ext-youtube-ocean", type: "external", title: "Les meilleures statistiques que vous ayez jamais vues", uploadedBy: "ctgueye", daysAgo: 400,
    externalUrl: "https://www.youtube.com/watch?v=hVimVzgtD6w",
    description: "La conférence de Hans Rosling qui a popularisé les graphiques animés ; nous la recommandons à tous ceux qui présentent des données en public.",
    tags: ["conférence", "données"] },
  { key: "ext-soundcloud", type: "external", title: "Ambiance musicale pour nos veillées", uploadedBy: "cdiouf", daysAgo: 180,
    externalUrl: "https://soundcloud.com/forss/flickermood",
    description: "Un morceau instrumental que nous écoutons pendant les veillées de lecture.",
    tags: ["musique", "veillée"] },
  { key: "ext-vimeo", type: "external", title: "Regards d'artistes sur la ville", uploadedBy: "clefevre", daysAgo: 230,
    externalUrl: "https://vimeo.com/76979871",
    description: "Une vidéo d'art présentée pendant notre rencontre sur la Biennale, en écho aux œuvres exposées dans les quartiers de Dakar.",
    tags: ["art contemporain", "Biennale"] },
  { key: "ext-facebook", type: "external", title: "Vidéo de présentation publiée sur Facebook", uploadedBy: "membre", daysAgo: 20,
    externalUrl: "https://www.facebook.com/facebook/videos/10153231379946729/",
    description: "Une vidéo publiée sur Facebook, projetée lors de notre atelier sur les réseaux sociaux et la circulation de l'information.",
    tags: ["réseaux sociaux"] },
  { key: "ext-linkedin", type: "external", title: "Notre appel à contributions sur LinkedIn", uploadedBy: "mcdiopsow", daysAgo: 30,
    externalUrl: "https://www.linkedin.com/feed/update/urn:li:activity:7265412309876543210/",
    description: "Publication LinkedIn annonçant l'appel à contributions pour notre prochain cahier sur la gouvernance locale.",
    tags: ["appel à contributions", "LinkedIn"] },
  { key: "ext-x", type: "external", title: "Le fil de l'UNESCO en français", uploadedBy: "fduboisleger", daysAgo: 140,
    externalUrl: "https://x.com/UNESCO_fr",
    description: "Le compte X (anciennement Twitter) de l'UNESCO en français, utile pour suivre l'actualité du patrimoine mondial.",
    tags: ["UNESCO", "réseaux sociaux"] },
  { key: "ext-unknown", type: "external", title: "RFI Afrique : l'actualité du continent", uploadedBy: "membre", daysAgo: 65,
    externalUrl: "https://www.rfi.fr/fr/afrique/",
    description: "Les pages Afrique de Radio France Internationale, une source que nos animateurs radio consultent chaque jour.",
    tags: ["presse", "radio"] },

  // Plain links.
  { key: "link-ansd", type: "link", title: "Agence nationale de la statistique et de la démographie", uploadedBy: "mcdiopsow", daysAgo: 600,
    externalUrl: "https://www.ansd.sn",
    description: "Le site de l'ANSD : recensements, enquêtes sur l'emploi, comptes nationaux et annuaires régionaux. La première source pour documenter nos travaux.",
    tags: ["statistiques", "données publiques"] },
  { key: "link-unesco", type: "link", title: "UNESCO", uploadedBy: "atoure", daysAgo: 560,
    externalUrl: "https://www.unesco.org/fr",
    description: "Le site de l'Organisation des Nations unies pour l'éducation, la science et la culture.",
    tags: ["UNESCO", "éducation", "culture"] },
  { key: "link-whc", type: "link", title: "Île de Gorée — Liste du patrimoine mondial", uploadedBy: "atoure", daysAgo: 520,
    externalUrl: "https://whc.unesco.org/fr/list/26",
    description: "La fiche officielle de l'île de Gorée sur la Liste du patrimoine mondial, inscrite en 1978 : description, critères et documents.",
    tags: ["Gorée", "patrimoine mondial"] },
  { key: "link-ucad", type: "link", title: "Université Cheikh Anta Diop de Dakar", uploadedBy: "akane", daysAgo: 450,
    externalUrl: "https://www.ucad.sn",
    description: "Le site de l'université partenaire de plusieurs de nos séminaires.",
    tags: ["université", "recherche"] },
];
