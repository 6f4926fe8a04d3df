/**
 * Links in mails lead to a section of the profile (`/user/profile#notifications`, `#double-authentification`).
 * The browser looks for the anchor once, when the page loads, before the app has drawn its sections (each reads
 * the API first), so on a phone the reader would stay at the top of a long page. This finds the section when it
 * appears (a MutationObserver, no delay guessed) and scrolls it into view once; Chromium's scroll anchoring then
 * keeps it in place while the sections above finish loading.
 */
import { useEffect, type RefObject } from "react";

export function useScrollToSection(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    const container = root.current;
    if (!id || !container) return;
    const reveal = () => {
      const target = document.getElementById(id);
      if (!target || !container.contains(target)) return false;
      target.scrollIntoView({ block: "start" });
      return true;
    };
    if (reveal()) return;
    const watcher = new MutationObserver(() => {
      if (reveal()) watcher.disconnect();
    });
    watcher.observe(container, { childList: true, subtree: true });
    return () => watcher.disconnect();
  }, [root]);
}
