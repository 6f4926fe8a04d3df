/** Session state shared by islands, mirrored in localStorage so static pages and islands agree. */
import { atom } from "nanostores";
import { clearSession, readSession, saveSession, type Session } from "../lib/session";
import type { CurrentUser } from "../lib/session-types";

export const $session = atom<Session | null>(typeof localStorage === "undefined" ? null : readSession());

export function signedIn(token: string, user: CurrentUser) {
  saveSession(token, user);
  $session.set({ token, user });
}

export function signedOut() {
  clearSession();
  $session.set(null);
}
