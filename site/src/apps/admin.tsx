/**
 * Entry of the admin back office (/admin/*), bundled by scripts/build-apps.ts into /_apps/admin.js. One line per
 * screen: its path and its module (default export), loaded on demand so each page downloads only its own screen.
 * A path without a line shows « Cette page arrive bientôt. ».
 */
import { lazy, type ComponentType } from "react";
import { mountApp } from "./shell/mount";
import { currentPath } from "./shell/nav";

const SCREENS: Record<string, () => Promise<{ default: ComponentType }>> = {
  "/admin/dashboard": () => import("./dashboard/AdminDashboard"),
  "/admin/users": () => import("./users/UsersScreen"),
  "/admin/articles": () => import("./admin-articles/AdminArticlesScreen"),
  "/admin/media": () => import("./admin-media/AdminMediaScreen"),
  "/admin/themes": () => import("./themes/ThemesScreen"),
  "/admin/events": () => import("./events/EventsScreen"),
  "/admin/inscriptions": () => import("./registrations/RegistrationsScreen"),
  "/admin/contact": () => import("./contact/ContactScreen"),
  "/admin/mail": () => import("./mail/MailScreen"),
  "/admin/newsletter": () => import("./newsletter/NewsletterScreen"),
  "/admin/lettre": () => import("./newsletter-issues/IssuesScreen"),
  "/admin/site": () => import("./site/SiteScreen"),
  "/admin/audit": () => import("./site/AuditScreen"),
  "/admin/audience": () => import("./audience/AudienceScreen"),
  "/admin/corbeille": () => import("./trash/AdminTrashScreen"),
};

// The page's own screen starts downloading now, while the guard checks the session, rather than after it.
const here = currentPath();
const early = SCREENS[here]?.();

void mountApp(
  "admin",
  Object.fromEntries(Object.entries(SCREENS).map(([path, load]) => [path, lazy(path === here && early ? () => early : load)])),
);
