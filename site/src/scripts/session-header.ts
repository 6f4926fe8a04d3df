/**
 * Fills the header's session slot from the stored session, without React and without a request: the user's
 * name (-> /user), Déconnexion (-> logout, /login) and, for admins, ADMIN (-> /admin/dashboard).
 */
import { logout, readSession } from "../lib/session";

export function renderSessionSlot(root: ParentNode = document): void {
  const slot = root.querySelector<HTMLElement>("[data-session-slot]");
  const s = readSession();
  if (!slot || !s?.user) return;
  const u = s.user;
  slot.replaceChildren();
  if (u.role === "admin") {
    const admin = document.createElement("a");
    admin.href = "/admin/dashboard";
    admin.className = "btn btn-small btn-accent";
    admin.textContent = "ADMIN";
    slot.append(admin);
  }
  const me = document.createElement("a");
  me.href = "/user";
  me.className = "btn btn-small btn-outline";
  me.textContent = `${u.firstname} ${u.name}`.trim() || u.nickname;
  me.dataset.testid = "session-user";
  const out = document.createElement("button");
  out.type = "button";
  out.className = "btn btn-small btn-link";
  out.textContent = "Déconnexion";
  out.addEventListener("click", () => void logout());
  slot.append(me, out);
}

renderSessionSlot();
