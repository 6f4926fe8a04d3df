/**
 * The route guard of both spec documents, run in the browser on member and admin pages (the API enforces the
 * same rules on every call; this only decides where a person lands):
 * - no token -> /login?next=<this page>;
 * - a token whose user cannot be loaded -> logged out, /login?next=<this page>;
 * - an admin page for a non-admin -> /user;
 * - /login for a signed-in visitor -> its valid `next`, else /user.
 * `next` brings the person back to the page they asked for once signed in (lib/return-path.ts checks it).
 */
import { ApiError, apiFetch } from "./http";
import { returnPathFrom, loginPath } from "./return-path";
import { clearSession, readSession, saveUser } from "./session";
import type { CurrentUser } from "./session-types";

export type Need = "user" | "admin";

/** /login, to come back here after signing in. */
const toLogin = () => loginPath(`${location.pathname}${location.search}${location.hash}`);

export async function guard(need: Need, go: (path: string) => void = (p) => location.replace(p)): Promise<CurrentUser | null> {
  const session = readSession();
  if (!session) {
    go(toLogin());
    return null;
  }
  let user: CurrentUser;
  try {
    user = await apiFetch<CurrentUser>("/api/user/me");
    saveUser(user);
  } catch (e) {
    // No answer at all (status 0) is not a refused session: it is what a page left while its check was running
    // sees (the browser drops the request), and signing the person out then lost their session on the next page
    // (seen when an administrator went on from /admin/dashboard at once, issue 33). The session stays; this page
    // is being left, or the server is down and every call will say so.
    if (e instanceof ApiError && e.status === 0) return null;
    // A refused refresh is logged; the guard then logs the user out (spec).
    console.warn("Session refresh failed", e instanceof ApiError ? e.status : e);
    clearSession();
    go(toLogin());
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
    go(returnPathFrom(location.search) ?? "/user");
    return false;
  }
  return true;
}
