import type { Group, Role, SocialLinks } from "../../schema";

/** A demo member. Only the two demo accounts carry a password; the others cannot sign in. */
export type MemberSeed = {
  nickname: string;
  firstname: string;
  name: string;
  role?: Role;
  password?: string;
  groups: Group[];
  domain: string;
  biography: string;
  social?: SocialLinks;
  /** false: no profile picture, so the site shows its placeholder. */
  picture?: boolean;
};

export const DEMO_ADMIN = { nickname: "admin", password: "Admin-Demo-2025!" } as const;
export const DEMO_MEMBER = { nickname: "membre", password: "Membre-Demo-2025!" } as const;

export const MEMBERS: MemberSeed[] = [
  {
    nickname: DEMO_ADMIN.nickname, password: DEMO_ADMIN.password, role: "admin",
    firstname: "Mamadou Lamine", name: "Sarr", groups: ["bureau", "cercleAx"],
    domain: "Administration, coordination et relations institutionnelles",
    biography: "Secrétaire général de l'Institut, Mamadou Lamine Sarr a longtemps travaillé dans l'administration territoriale avant de rejoindre Gorée. Il coordonne le Bureau, prépare les assemblées et veille à la publication des travaux des deux cercles.",
    social: { linkedin: "https://www.linkedin.com/in/mamadou-lamine-sarr-demo" },
  },
  {
    nickname: DEMO_MEMBER.nickname, password: DEMO_MEMBER.password,
    firstname: "Aïssatou", name: "Ndiaye", groups: ["cercleImp"],
    domain: "Communication, médias et engagement citoyen",
    biography: "Journaliste de formation, Aïssatou Ndiaye a couvert pendant dix ans l'actualité des collectivités locales pour une radio communautaire. Au sein du Cercle Impulsion, elle anime les rencontres avec les jeunes et prépare les synthèses publiques de nos travaux.",
    social: { twitter: "https://x.com/aissatou_ndiaye_demo", instagram: "https://www.instagram.com/aissatou.ndiaye.demo" },
  },
  {
    nickname: "mcdiopsow", firstname: "Marie Claire", name: "Diop Sow", groups: ["cercleImp", "bureau"],
    domain: "Économie, gouvernance et développement durable",
    biography: "Économiste, ancienne consultante auprès de plusieurs collectivités du littoral, Marie Claire Diop Sow s'intéresse aux budgets participatifs et au financement des communes. Elle est trésorière de l'Institut.",
    social: { linkedin: "https://www.linkedin.com/in/marie-claire-diop-sow-demo", website: "https://mcdiopsow.example.org" },
  },
  {
    nickname: "ctgueye", firstname: "Cheikh Tidiane", name: "Guèye", groups: ["cercleImp"],
    domain: "Numérique, innovation et entrepreneuriat",
    biography: "Ingénieur logiciel formé à Dakar puis à Lyon, Cheikh Tidiane Guèye a fondé un incubateur de jeunes pousses à Dakar. Il travaille sur l'usage des langues nationales dans les services numériques.",
    social: { linkedin: "https://www.linkedin.com/in/cheikh-tidiane-gueye-demo", youtube: "https://www.youtube.com/@ctgueye-demo" },
  },
  {
    nickname: "nfmbaye", firstname: "Ndèye Fatou", name: "Mbaye", groups: ["cercleImp"],
    domain: "Santé publique, nutrition et santé communautaire",
    biography: "Médecin de santé publique, Ndèye Fatou Mbaye a dirigé un district sanitaire en Casamance. Elle plaide pour le renforcement des relais communautaires et des mutuelles de santé.",
  },
  {
    nickname: "jbmendy", firstname: "Jean-Baptiste", name: "Mendy", groups: ["cercleImp"],
    domain: "Éducation, formation professionnelle et insertion des jeunes",
    biography: "Professeur de lycée à Ziguinchor puis formateur d'enseignants, Jean-Baptiste Mendy coordonne le programme de mentorat de l'Institut pour les bacheliers des îles et des quartiers périphériques.",
    social: { facebook: "https://www.facebook.com/jb.mendy.demo" },
  },
  {
    nickname: "isy", firstname: "Ibrahima", name: "Sy", groups: ["cercleImp"],
    domain: "Pêche artisanale, océans et économie bleue",
    biography: "Fils de pêcheur de Kayar devenu halieute, Ibrahima Sy étudie l'état des stocks et l'organisation des quais de débarquement. Il représente l'Institut dans plusieurs réseaux ouest-africains sur la gouvernance des océans.",
  },
  {
    nickname: "clefevre", firstname: "Camille", name: "Lefèvre", groups: ["cercleImp", "cercleAx"],
    domain: "Culture, patrimoine et industries créatives",
    biography: "Historienne de l'art installée à Gorée depuis 2015, Camille Lefèvre accompagne des artistes de l'île et du continent. Elle conçoit les expositions de l'Institut et siège dans les deux cercles.",
    social: { instagram: "https://www.instagram.com/camille.lefevre.demo", website: "https://camille-lefevre.example.org" },
  },
  {
    nickname: "mba", firstname: "Moussa", name: "Ba", groups: ["cercleImp"],
    domain: "Agriculture, souveraineté alimentaire et coopératives",
    biography: "Agronome, Moussa Ba accompagne des coopératives de producteurs dans la vallée du fleuve Sénégal et dans le bassin arachidier. Il défend l'agroécologie et les semences paysannes.",
  },
  {
    nickname: "kcisse", firstname: "Khadija", name: "Cissé", groups: ["cercleImp"],
    domain: "Droit public, gouvernance locale et décentralisation",
    biography: "Juriste, Khadija Cissé conseille des mairies sur la gestion foncière et la transparence des délibérations. Elle prépare une thèse sur l'acte III de la décentralisation.",
    picture: false,
  },
  {
    nickname: "pandoye", firstname: "Pape Alioune", name: "Ndoye", groups: ["cercleImp"],
    domain: "Urbanisme, logement et mobilité urbaine",
    biography: "Architecte-urbaniste, Pape Alioune Ndoye a participé aux études du Train express régional. Il s'intéresse à la place du piéton et des transports collectifs dans l'agglomération dakaroise.",
    picture: false,
  },
  {
    nickname: "emarchand", firstname: "Élodie", name: "Marchand", groups: ["cercleImp"],
    domain: "Finance solidaire, microcrédit et économie sociale",
    biography: "Après quinze ans dans la finance solidaire en France, Élodie Marchand s'est installée à Saint-Louis où elle accompagne des groupements de femmes transformatrices de produits halieutiques.",
    social: { linkedin: "https://www.linkedin.com/in/elodie-marchand-demo" },
  },
  {
    nickname: "bthiam", firstname: "Babacar", name: "Thiam", groups: ["cercleImp"],
    domain: "Énergies renouvelables et transition écologique",
    biography: "Ingénieur en énergie, Babacar Thiam a conduit des projets d'électrification solaire dans les îles du Saloum. Il suit pour l'Institut les questions de transition énergétique.",
  },
  {
    nickname: "akane", firstname: "Abdoulaye", name: "Kane", groups: ["cercleAx", "bureau"],
    domain: "Philosophie, éthique et dialogue des cultures",
    biography: "Professeur de philosophie à l'université, Abdoulaye Kane préside le Cercle Axiologique. Ses travaux portent sur la notion de personne dans les pensées africaines et sur l'éthique de la décision publique.",
    social: { website: "https://abdoulaye-kane.example.org" },
  },
  {
    nickname: "atoure", firstname: "Aminata", name: "Touré", groups: ["cercleAx"],
    domain: "Histoire, mémoire et patrimoine",
    biography: "Historienne, Aminata Touré travaille sur les archives de l'île de Gorée et sur la transmission de la mémoire de la traite atlantique auprès des élèves.",
  },
  {
    nickname: "pygaudin", firstname: "Pierre-Yves", name: "Gaudin", groups: ["cercleAx"],
    domain: "Théologie, spiritualité et dialogue interreligieux",
    biography: "Prêtre et théologien, Pierre-Yves Gaudin vit au Sénégal depuis vingt ans. Il anime avec des responsables musulmans des rencontres de dialogue entre les traditions religieuses du pays.",
  },
  {
    nickname: "mdfall", firstname: "Mame Diarra", name: "Fall", groups: ["cercleAx"],
    domain: "Sociologie de la famille, genre et valeurs",
    biography: "Sociologue, Mame Diarra Fall étudie les transformations de la famille sénégalaise et la place des femmes dans les instances de décision communautaires.",
    social: { linkedin: "https://www.linkedin.com/in/mame-diarra-fall-demo" },
  },
  {
    nickname: "smniang", firstname: "Serigne Modou", name: "Niang", groups: ["cercleAx"],
    domain: "Études islamiques, éducation et transmission des savoirs",
    biography: "Enseignant et traducteur, Serigne Modou Niang s'intéresse aux daaras et à leur dialogue avec l'école publique.",
  },
  {
    nickname: "hbassene", firstname: "Hélène", name: "Bassène", groups: ["cercleAx"],
    domain: "Anthropologie, langues nationales et traditions orales",
    biography: "Anthropologue originaire de Casamance, Hélène Bassène collecte contes et chants en diola et en wolof. Elle travaille à leur publication en accès libre.",
  },
  {
    nickname: "fduboisleger", firstname: "François", name: "Dubois-Léger", groups: ["cercleAx"],
    domain: "Droit international, droits humains et éthique publique",
    biography: "Ancien avocat au barreau de Paris, François Dubois-Léger enseigne le droit international. Il a rejoint l'Institut pour travailler sur l'éthique des politiques migratoires.",
    social: { twitter: "https://x.com/fduboisleger_demo" },
  },
  {
    nickname: "cdiouf", firstname: "Coumba", name: "Diouf", groups: ["cercleAx"],
    domain: "Littérature, arts et critique culturelle",
    biography: "",
    picture: false,
  },
  {
    nickname: "ehseck", firstname: "El Hadji", name: "Seck", groups: ["cercleAx"],
    domain: "Économie islamique, finance éthique et gouvernance",
    biography: "Économiste, El Hadji Seck a travaillé pour une banque de développement avant de se consacrer à l'enseignement de la finance participative.",
  },
  {
    nickname: "rfaye", firstname: "Rokhaya", name: "Faye", groups: ["cercleAx"],
    domain: "Psychologie, éducation et accompagnement de la jeunesse",
    biography: "Psychologue scolaire, Rokhaya Faye accompagne des adolescents et des familles à Pikine. Elle anime les ateliers d'écriture de l'Institut.",
    social: { facebook: "https://www.facebook.com/rokhaya.faye.demo", other: "https://rokhaya-faye.example.org/ateliers" },
  },
  {
    nickname: "tgirard", firstname: "Thomas", name: "Girard", groups: ["cercleAx"],
    domain: "Environnement, océans et éthique du vivant",
    biography: "Biologiste marin, Thomas Girard a participé au suivi de l'aire marine protégée de Joal-Fadiouth. Il s'intéresse à ce que les traditions locales disent de notre rapport à la mer.",
  },
  {
    nickname: "nasene", firstname: "Ndèye Astou", name: "Sène", groups: ["cercleAx"],
    domain: "Bioéthique, santé et société",
    biography: "Pharmacienne et chercheuse en bioéthique, Ndèye Astou Sène travaille sur le consentement éclairé dans les essais cliniques et sur l'accès aux médicaments essentiels.",
  },
];
