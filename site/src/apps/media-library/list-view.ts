/**
 * The « Tableau » / « Grille » choice of the media lists (issue 19 §2), kept in the address as `view=grid` (the
 * table, the default, leaves the address plain), so a reload, a shared link and the back button keep it. The
 * list's own state (ui/list-state.ts) leaves this parameter alone, and this leaves the list's alone.
 */
import { useEffect, useState } from "react";

export type ListView = "table" | "grid";

export const readView = (search: string): ListView => (new URLSearchParams(search).get("view") === "grid" ? "grid" : "table");

/** The query string with `view`, other parameters kept (`?new` keeps its short form). */
export function writeView(search: string, view: ListView): string {
  const params = new URLSearchParams(search);
  if (view === "grid") params.set("view", "grid");
  else params.delete("view");
  const text = params.toString().replace(/(^|&)new=(?=&|$)/, "$1new");
  return text ? `?${text}` : "";
}

/** The view in the address, and its change (a new history entry, as any change of what the list shows). */
export function useListView(): [ListView, (view: ListView) => void] {
  const [view, setView] = useState<ListView>(() => (typeof location === "undefined" ? "table" : readView(location.search)));
  useEffect(() => {
    const back = () => setView(readView(location.search));
    addEventListener("popstate", back);
    return () => removeEventListener("popstate", back);
  }, []);
  const change = (next: ListView) => {
    if (next === view) return;
    setView(next);
    history.pushState(history.state, "", `${location.pathname}${writeView(location.search, next)}${location.hash}`);
  };
  return [view, change];
}
