/**
 * Starts an app on its shell page: runs the route guard of spec §2 (no session → /login; an admin page for a
 * member → /user; a session the server refuses → logged out, /login), remembers the viewer, then renders the
 * screen of the current path inside the shell. Called once by each entry (member.tsx, admin.tsx). An administrator
 * who must enrol a second factor first (ADMIN_2FA=required) gets only the enrolment, on the profile's address.
 */
import { lazy, Suspense, type ComponentType } from "react";
import { createRoot } from "react-dom/client";
import { guard } from "../../lib/guard";
import { $viewer } from "../stores/viewer";
import { AppShell, ComingSoon } from "./AppShell";
import { ENROL_HASH, ENROL_PATH, mustEnrolFirst } from "./enrolment";
import { currentPath, type AppArea } from "./nav";

// Loaded only by the few who need it, as every screen is.
const EnrolFirst = lazy(() => import("./EnrolFirst"));

/** Path → screen (a default export loaded with React.lazy, or a component). */
export type Screens = Record<string, ComponentType>;

export async function mountApp(area: AppArea, screens: Screens): Promise<void> {
  const root = document.getElementById("app");
  if (!root) return;
  const viewer = await guard(area === "admin" ? "admin" : "user");
  if (!viewer) return;
  $viewer.set(viewer);
  const path = currentPath();
  const enrol = await mustEnrolFirst(viewer);
  if (enrol && path !== ENROL_PATH) {
    location.replace(`${ENROL_PATH}${ENROL_HASH}`);
    return;
  }
  const Screen = screens[path];
  createRoot(root).render(
    <AppShell area={area} path={path}>
      <Suspense fallback={<p role="status">Chargement...</p>}>
        {enrol ? <EnrolFirst /> : Screen ? <Screen /> : <ComingSoon area={area} path={path} />}
      </Suspense>
    </AppShell>,
  );
}
