/**
 * The signed-in person, loaded once by the shell's guard before any screen renders (so screens may rely on it),
 * and kept in step with localStorage so the header shows the new name after a profile change.
 */
import { atom } from "nanostores";
import { useStore } from "@nanostores/react";
import { saveUser } from "../../lib/session";
import type { CurrentUser } from "../../lib/session-types";

export type { CurrentUser };

export const $viewer = atom<CurrentUser | null>(null);

/** Replaces the viewer after the server answered with a new version of them (profile saved, picture cropped). */
export function viewerChanged(user: CurrentUser): void {
  saveUser(user);
  $viewer.set(user);
}

/** The viewer inside a screen; screens render only after the guard, so it is never null there. */
export function useViewer(): CurrentUser {
  const viewer = useStore($viewer);
  if (!viewer) throw new Error("useViewer: no signed-in viewer (screens render after the guard)");
  return viewer;
}
