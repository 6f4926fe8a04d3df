/**
 * The browser's session: token and user kept in localStorage (the spec's contract). The server also holds the
 * token in an HttpOnly cookie; this copy lets static pages show the header state without asking the server.
 * Browser-only module.
 */
import type { CurrentUser } from "./session-types";

const TOKEN = "token";
const USER = "user";

export type Session = { token: string; user: CurrentUser | null };

export function readSession(): Session | null {
  try {
    const token = localStorage.getItem(TOKEN);
    if (!token) return null;
    const raw = localStorage.getItem(USER);
    return { token, user: raw ? (JSON.parse(raw) as CurrentUser) : null };
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: CurrentUser): void {
  localStorage.setItem(TOKEN, token);
  localStorage.setItem(USER, JSON.stringify(user));
}

export function saveUser(user: CurrentUser): void {
  localStorage.setItem(USER, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN);
  localStorage.removeItem(USER);
}

/** Ends the session on the server (best effort), forgets it here, and goes to /login. */
export async function logout(): Promise<void> {
  const s = readSession();
  try {
    await fetch("/api/auth/logout", {
      method: "POST",
      credentials: "same-origin",
      headers: s ? { authorization: `Bearer ${s.token}` } : {},
    });
  } catch {
    // Offline: the local session is forgotten anyway; the server one expires on its own.
  }
  clearSession();
  location.assign("/login");
}
