/**
 * The frame around every screen: the app's sub-navigation (the current page marked with aria-current), the
 * screen, and the app-wide toast region and confirm dialog. In-app links are plain links: each screen is its own
 * page, so deep links and reloads just work.
 */
import type { ReactNode } from "react";
import { ConfirmHost } from "../ui/ConfirmDialog";
import { Toasts } from "../ui/Toasts";
import { NAV, type AppArea } from "./nav";
import "./AppShell.css";

export function AppShell({ area, path, children }: { area: AppArea; path: string; children: ReactNode }) {
  const nav = NAV[area];
  return (
    <div className={`app-shell app-${area} container`}>
      <nav className="app-nav" aria-label={nav.label}>
        <p className="app-nav-title">{nav.title}</p>
        <ul>
          {nav.items.map((item) => (
            <li key={item.href}>
              <a href={item.href} aria-current={item.href === path ? "page" : undefined}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="app-content">{children}</div>
      <Toasts />
      <ConfirmHost />
    </div>
  );
}

/** Placeholder of a screen not built yet. */
export function ComingSoon({ area, path }: { area: AppArea; path: string }) {
  const label = NAV[area].items.find((i) => i.href === path)?.label ?? NAV[area].title;
  return (
    <section>
      <h1>{label}</h1>
      <p className="muted">Cette page arrive bientôt.</p>
    </section>
  );
}
