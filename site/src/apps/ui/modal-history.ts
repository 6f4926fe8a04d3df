/**
 * The browser's back button closes the top-most modal instead of leaving the page (on a phone a modal looks like a
 * page, and back is how people leave it). Each open modal adds one history entry at the same address, marked with
 * its key in `history.state`; going back removes the entry and calls `onBack`, which may put it back (`rearm`) when
 * the modal stays open (unsaved changes kept). A modal closed another way removes its own entry again, keeping the
 * address the screen wrote meanwhile (`?edit=<id>` dropped by useEditAddress).
 */
import { useEffect, useRef } from "react";

const FIELD = "openModals";

function keysOf(state: unknown): string[] {
  const keys = (state as Record<string, unknown> | null)?.[FIELD];
  return Array.isArray(keys) ? (keys as string[]) : [];
}

function withKeys(state: unknown, keys: string[]): Record<string, unknown> {
  return { ...((state as Record<string, unknown> | null) ?? {}), [FIELD]: keys };
}

let counter = 0;

/** While `open`, back calls `onBack(rearm)`; `rearm()` keeps the modal's entry (the modal stays open). */
export function useBackCloses(open: boolean, onBack: (rearm: () => void) => void): void {
  const latest = useRef(onBack);
  latest.current = onBack;

  useEffect(() => {
    if (!open) return;
    // Unique across page loads: an entry left by an earlier visit of this page must not match.
    const key = `${Date.now().toString(36)}-${++counter}`;
    const push = () => history.pushState(withKeys(history.state, [...keysOf(history.state), key]), "");
    push();
    let armed = true;
    const onPop = () => {
      // Still there: the entry that went was a modal opened above this one.
      if (!armed || keysOf(history.state).includes(key)) return;
      armed = false;
      latest.current(() => {
        push();
        armed = true;
      });
    };
    addEventListener("popstate", onPop);
    return () => {
      removeEventListener("popstate", onPop);
      if (!armed || !keysOf(history.state).includes(key)) return;
      const url = location.href;
      const state = withKeys(history.state, keysOf(history.state).filter((k) => k !== key));
      addEventListener("popstate", () => history.replaceState(state, "", url), { once: true });
      history.back();
    };
  }, [open]);
}
