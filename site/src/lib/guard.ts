/**
 * The route guard of both spec documents, run in the browser on member and admin pages (the API enforces the
 * same rules on every call; this only decides where a person lands):
 * - no token -> /login;
 * - a token whose user cannot be loaded -> logged out, /login;
 * - an admin page for a non-admin -> /user;
 * - /login for a signed-in visitor -> /user.
 */
import { ApiError, apiFetch } from "./http";
import { clearSession, readSession, saveUser } from "./session";
import type { CurrentUser } from "./session-types";

export type Need = "user" | "admin";

export async function guard(need: Need, go: (path: string) => void = (p) => location.replace(p)): Promise<CurrentUser | null> {
  const session = readSession();
  if (!session) {
    go("/login");
    return null;
  }
  let user: CurrentUser;
  try {
    user = await apiFetch<CurrentUser>("/api/user/me");
    saveUser(user);
  } catch (e) {
    // A failed refresh is logged; the guard then logs the user out (spec).
    console.warn("Session refresh failed", e instanceof ApiError ? e.status : e);
    clearSession();
    go("/login");
    return null;
  }
  if (need === "admin" && user.role !== "admin") {
    go("/user");
    return null;
  }
  return user;
}

/** On /login: a signed-in visitor goes to their space. */
export function guardGuest(go: (path: string) => void = (p) => location.replace(p)): boolean {
  if (readSession()) {
    go("/user");
    return false;
  }
  return true;
}
