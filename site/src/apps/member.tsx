/**
 * Entry of the member space (/user/*), bundled by scripts/build-apps.ts into /_apps/member.js. One line per
 * screen: its path and its module (default export), loaded on demand so each page downloads only its own screen.
 * A path without a line shows « Cette page arrive bientôt. ».
 */
import { lazy } from "react";
import { mountApp } from "./shell/mount";

void mountApp("member", {
  "/user/dashboard": lazy(() => import("./dashboard/MemberDashboard")),
  "/user/profile": lazy(() => import("./profile/ProfileScreen")),
  "/user/articles": lazy(() => import("./articles/MemberArticlesScreen")),
  "/user/media": lazy(() => import("./media/MemberMediaScreen")),
  "/user/inscriptions": lazy(() => import("./registrations/MyRegistrationsScreen")),
  "/user/corbeille": lazy(() => import("./trash/MemberTrashScreen")),
});
