/** Site-wide identity: one place for the name and tagline shown in the chrome (social links: lib/social.ts). */
export const SITE = {
  name: "L'Institut",
  tagline: "Think-tank et communauté — siège sur l'île de Gorée, Sénégal",
  description:
    "L'Institut, think-tank et communauté francophone dont le siège est sur l'île de Gorée, au Sénégal : cercles, médiathèque, articles et événements.",
} as const;

/**
 * « © 2026 L'Institut. Tous droits réservés. », the year the page is built (issue 33 §4: it said 2025 for good).
 * Dakar keeps UTC all year, so the UTC year is the institute's. The year is part of the build key
 * (scripts/partial-build.ts), so the first build of a new year renders every page again.
 */
export function copyright(at: Date): string {
  return `© ${at.getUTCFullYear()} L'Institut. Tous droits réservés.`;
}

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
