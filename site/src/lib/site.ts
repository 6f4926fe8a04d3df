/** Site-wide identity: one place for the name and tagline shown in the chrome (social links: lib/social.ts). */
export const SITE = {
  name: "L'Institut",
  tagline: "Think-tank et communauté — siège sur l'île de Gorée, Sénégal",
  description:
    "L'Institut, think-tank et communauté francophone dont le siège est sur l'île de Gorée, au Sénégal : cercles, médiathèque, articles et événements.",
  /** The spec's footer line: « Copyright year: 2025 » (public-site.md), fixed, not the year of the build. */
  copyright: "© 2025 L'Institut. Tous droits réservés.",
} as const;


/** Main navigation. `children` feed the "Qui Sommes Nous ?" dropdown. */
export const NAV = [
  { href: "/", label: "Accueil" },
  {
    href: "/about",
    label: "Qui Sommes Nous ?",
    children: [
      { href: "/cercle-impulsion", label: "Cercle Impulsion" },
      { href: "/cercle-axiologique", label: "Cercle Axiologique" },
    ],
  },
  { href: "/mediatheque", label: "Médiathèque" },
  { href: "/articles", label: "Articles" },
  { href: "/events", label: "Events" },
  { href: "/contact", label: "Contacts" },
] as const;
