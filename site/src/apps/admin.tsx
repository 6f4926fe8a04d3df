/**
 * Entry of the admin back office (/admin/*), bundled by scripts/build-apps.ts into /_apps/admin.js. One line per
 * screen: its path and its module (default export), loaded on demand so each page downloads only its own screen.
 * A path without a line shows « Cette page arrive bientôt. ».
 */
import { lazy } from "react";
import { mountApp } from "./shell/mount";

void mountApp("admin", {
  "/admin/dashboard": lazy(() => import("./dashboard/AdminDashboard")),
  "/admin/users": lazy(() => import("./users/UsersScreen")),
  "/admin/articles": lazy(() => import("./admin-articles/AdminArticlesScreen")),
  "/admin/media": lazy(() => import("./admin-media/AdminMediaScreen")),
  "/admin/themes": lazy(() => import("./themes/ThemesScreen")),
  "/admin/events": lazy(() => import("./events/EventsScreen")),
  "/admin/contact": lazy(() => import("./contact/ContactScreen")),
  "/admin/site": lazy(() => import("./site/SiteScreen")),
  "/admin/audit": lazy(() => import("./site/AuditScreen")),
});
