/** A moment relative to the seed's `now`: whole days from today, and a clock time in Dakar (UTC, no daylight saving). */
export type When = { day: number; time: string };

export type EventSeed = {
  title: string;
  location: string;
  start: When;
  end?: When;
  organizers: string[];
  themes: string[];
  keywords: string[];
  body?: string[];
  program?: string[];
  online?: boolean;
  /** Registration open on the site (issue 22): for everyone unless `members`; places, closing moment and question optional. */
  registration?: { audience?: "everyone" | "members"; capacity?: number; closes?: When; question?: string };
};

/** Past, in progress and upcoming events; four of them share one day (calendar "more" link). */
export const EVENTS: EventSeed[] = [
  {
    title: "Conférence inaugurale : penser l'Afrique depuis Gorée", location: "Gorée",
    start: { day: -320, time: "18:00" }, end: { day: -320, time: "20:30" },
    organizers: ["akane", "admin"], themes: ["ethique", "culture"], keywords: ["conférence", "inauguration"],
    body: ["Pour ouvrir son cycle de rencontres, l'Institut a invité chercheurs, élus et habitants de l'île à réfléchir à ce que signifie penser l'avenir du continent depuis un lieu de mémoire.", "La conférence a été suivie d'un échange avec le public et d'un dîner partagé sur la place du Gouvernement."],
  },
  {
    title: "Atelier : finances publiques locales et budgets participatifs", location: "Saint-Louis",
    start: { day: -250, time: "09:00" }, end: { day: -249, time: "17:00" },
    organizers: ["mcdiopsow", "kcisse"], themes: ["gouv", "eco"], keywords: ["atelier", "budget", "élus locaux"],
    body: ["Deux journées de travail avec des élus et des agents municipaux de la région de Saint-Louis pour apprendre à lire un budget communal et à associer les habitants aux choix d'investissement."],
    program: ["Jour 1 : lire et comprendre un budget communal", "Jour 2 : organiser une assemblée de quartier", "Restitution et évaluation"],
  },
  {
    title: "Journée de nettoyage des plages de Gorée", location: "Gorée",
    start: { day: -200, time: "08:30" }, end: { day: -200, time: "13:00" },
    organizers: ["tgirard", "isy"], themes: ["env", "jeunesse"], keywords: ["bénévolat", "plages", "déchets plastiques"],
    body: ["Plus de deux cents volontaires, élèves, habitants et visiteurs, ont ramassé les déchets plastiques des plages de l'île avant un pique-nique partagé."],
  },
  {
    title: "Table ronde : la santé communautaire en Casamance", location: "Ziguinchor",
    start: { day: -150, time: "10:00" }, end: { day: -150, time: "13:00" },
    organizers: ["nfmbaye"], themes: ["sante"], keywords: ["santé communautaire", "table ronde"],
  },
  {
    title: "Webinaire : intelligence artificielle et langues nationales", location: "En ligne",
    start: { day: -95, time: "16:00" }, end: { day: -95, time: "17:30" },
    organizers: ["ctgueye", "hbassene"], themes: ["num", "culture"], keywords: ["webinaire", "intelligence artificielle", "wolof"],
    body: ["Un échange en ligne avec des chercheurs et des développeurs qui constituent des corpus en wolof, en pulaar et en diola pour les outils d'intelligence artificielle."],
  },
  {
    title: "Rencontre littéraire autour de la mémoire de l'île", location: "Gorée",
    start: { day: -60, time: "17:00" }, end: { day: -60, time: "19:30" },
    organizers: ["cdiouf", "atoure"], themes: ["culture"], keywords: ["littérature", "mémoire", "lecture"],
  },
  {
    title: "Forum des jeunes entrepreneurs", location: "Dakar",
    start: { day: -21, time: "09:00" }, end: { day: -20, time: "18:00" },
    organizers: ["jbmendy", "bthiam"], themes: ["jeunesse", "eco"], keywords: ["entrepreneuriat", "forum", "jeunes"],
    body: ["Deux jours de rencontres entre jeunes porteurs de projets, incubateurs, institutions de microfinance et entrepreneurs confirmés.", "Les dix projets sélectionnés bénéficieront d'un accompagnement de six mois par des membres du Cercle Impulsion."],
  },
  {
    title: "Séminaire interne du Bureau", location: "",
    start: { day: -3, time: "10:00" }, end: { day: -3, time: "12:00" },
    organizers: ["admin"], themes: [], keywords: ["Bureau", "organisation"],
  },
  {
    title: "Colloque international : l'océan, bien commun de l'Afrique de l'Ouest", location: "Gorée",
    start: { day: -1, time: "09:00" }, end: { day: 1, time: "18:00" },
    organizers: ["isy", "tgirard"], themes: ["env", "gouv", "eco"], keywords: ["colloque", "océan", "pêche", "gouvernance"],
    body: ["Pendant trois jours, chercheurs, pêcheurs, élus et représentants des pays de la sous-région se réunissent à Gorée pour débattre de la gestion partagée des ressources marines.", "Les sessions plénières sont retransmises en direct sur les radios communautaires partenaires."],
    program: ["Premier jour : l'état des stocks et la pêche artisanale", "Deuxième jour : aires marines protégées et cogestion", "Troisième jour : justice climatique et financement de l'adaptation"],
  },
  {
    title: "Exposition : Gorée, mémoires et regards contemporains", location: "Gorée",
    start: { day: -12, time: "10:00" }, end: { day: 18, time: "18:00" },
    organizers: ["clefevre", "atoure"], themes: ["culture"], keywords: ["exposition", "art contemporain", "mémoire"],
    body: ["Des artistes sénégalais et de la diaspora posent leur regard sur l'histoire de l'île. L'exposition est ouverte tous les jours sauf le lundi, de 10 heures à 18 heures."],
  },
  {
    title: "Café-débat : éthique du numérique et vie privée", location: "Dakar",
    start: { day: 5, time: "18:30" }, end: { day: 5, time: "20:30" },
    organizers: ["fduboisleger", "ctgueye"], themes: ["num", "ethique"], keywords: ["café-débat", "données personnelles"],
    registration: { capacity: 40, question: "Quelle question aimeriez-vous poser aux intervenants\u00a0?" },
  },
  {
    title: "Atelier d'écriture pour lycéens", location: "Gorée",
    start: { day: 14, time: "09:00" }, end: { day: 14, time: "12:00" },
    organizers: ["rfaye", "membre"], themes: ["edu", "jeunesse"], keywords: ["écriture", "lycéens", "atelier"],
    body: ["Un atelier pour apprendre à écrire un texte d'opinion, animé par une psychologue scolaire et une journaliste. Inscription gratuite, dans la limite de vingt places."],
    registration: { capacity: 20, closes: { day: 12, time: "18:00" }, question: "Dans quel lycée et en quelle classe êtes-vous\u00a0?" },
  },
  {
    title: "Conférence : la finance participative au service de l'économie réelle", location: "Dakar",
    start: { day: 14, time: "10:00" }, end: { day: 14, time: "12:30" },
    organizers: ["ehseck"], themes: ["eco", "ethique"], keywords: ["finance participative", "PME"],
  },
  {
    title: "Webinaire : l'accès aux soins dans les îles du Saloum", location: "En ligne",
    start: { day: 14, time: "15:00" }, end: { day: 14, time: "16:30" },
    organizers: ["nasene", "nfmbaye"], themes: ["sante"], keywords: ["webinaire", "accès aux soins", "Saloum"],
  },
  {
    title: "Concert-lecture : poésie et kora au coucher du soleil", location: "Gorée",
    start: { day: 14, time: "18:30" }, end: { day: 14, time: "21:00" },
    organizers: ["cdiouf"], themes: ["culture"], keywords: ["poésie", "kora", "concert"],
    body: ["Des poèmes de Léopold Sédar Senghor, de Birago Diop et de jeunes auteurs de l'île, lus au son de la kora sur la terrasse du Castel."],
  },
  {
    title: "Assemblée générale annuelle de l'Institut", location: "Gorée",
    start: { day: 35, time: "09:30" }, end: { day: 35, time: "17:00" },
    organizers: ["admin", "mcdiopsow"], themes: [], keywords: ["assemblée générale", "Institut"],
    program: ["Rapport moral et rapport financier", "Élection du Bureau", "Orientations pour l'année à venir"],
    registration: { audience: "members" },
  },
  {
    title: "Visite de terrain auprès des pêcheurs de Kayar", location: "Kayar",
    start: { day: 45, time: "07:00" }, end: { day: 45, time: "15:00" },
    organizers: ["isy"], themes: ["env"], keywords: ["visite", "pêche artisanale"], online: false,
    body: ["Visite en préparation : la date sera confirmée avec le comité local de pêche."],
  },
  {
    title: "École des jeunes leaders : gouvernance, éthique et jeunesse", location: "Saint-Louis",
    start: { day: 60, time: "09:00" }, end: { day: 64, time: "17:00" },
    organizers: ["akane", "jbmendy"], themes: ["gouv", "ethique", "jeunesse"], keywords: ["école", "formation", "jeunes leaders"],
    body: ["Cinq jours de cours, d'ateliers et de rencontres pour une quarantaine de jeunes engagés dans des associations, des partis ou des collectivités.", "Les candidatures sont ouvertes jusqu'à un mois avant le début de la session."],
  },
  {
    title: "Journée de réflexion sur l'agroécologie en Casamance", location: "Ziguinchor",
    start: { day: 80, time: "09:00" }, end: { day: 80, time: "16:00" },
    organizers: ["mba"], themes: ["agri", "env"], keywords: ["agroécologie", "Casamance", "semences"],
  },
];
