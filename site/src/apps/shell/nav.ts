/** The sub-navigation of each app (spec §2), in display order. Each path has its own shell page in site/src/pages. */
export type AppArea = "member" | "admin";
export type NavItem = { href: string; label: string };

export const NAV: Record<AppArea, { title: string; label: string; items: NavItem[] }> = {
  member: {
    title: "Mon espace",
    label: "Espace membre",
    items: [
      { href: "/user/dashboard", label: "Tableau de bord" },
      { href: "/user/profile", label: "Profil" },
      { href: "/user/articles", label: "Mes articles" },
      { href: "/user/media", label: "Mes médias" },
      { href: "/user/inscriptions", label: "Mes inscriptions" },
      { href: "/user/corbeille", label: "Corbeille" },
    ],
  },
  admin: {
    title: "Administration",
    label: "Administration du site",
    items: [
      { href: "/admin/dashboard", label: "Tableau de bord" },
      { href: "/admin/users", label: "Membres" },
      { href: "/admin/articles", label: "Articles" },
      { href: "/admin/media", label: "Médias" },
      { href: "/admin/themes", label: "Thèmes" },
      { href: "/admin/events", label: "Événements" },
      { href: "/admin/contact", label: "Messages" },
      { href: "/admin/mail", label: "Courriels" },
      { href: "/admin/newsletter", label: "Lettre d'information" },
      { href: "/admin/lettre", label: "Numéros de la lettre" },
      { href: "/admin/audience", label: "Audience" },
      { href: "/admin/site", label: "Site" },
      { href: "/admin/audit", label: "Journal" },
      { href: "/admin/corbeille", label: "Corbeille" },
    ],
  },
};

/** The page's path as the nav names it ("/user/profile" for "/user/profile/" or "/user/profile.html"). */
export function currentPath(pathname: string = location.pathname): string {
  return pathname.replace(/\.html$/, "").replace(/(.)\/+$/, "$1");
}
