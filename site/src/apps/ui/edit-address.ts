/**
 * The address of a screen's create/edit modal, so it can be bookmarked, shared and reloaded:
 * `/user/articles?edit=<id>` opens the edit modal of that item, `/user/articles?new` the create modal.
 *
 *   const [target, setTarget] = useEditAddress();      // null: no modal; { id: null }: create; { id }: edit
 *   <ArticleForm open={target !== null} articleId={target?.id ?? null} onClose={() => setTarget(null)} />
 */
import { useCallback, useState } from "react";

export type EditTarget = { id: string | null } | null;

/** The modal named by a query string. */
export function readEditTarget(search: string): EditTarget {
  const params = new URLSearchParams(search);
  const id = params.get("edit");
  if (id) return { id };
  return params.has("new") ? { id: null } : null;
}

/** The query string naming `target`, other parameters kept. */
export function editSearch(search: string, target: EditTarget): string {
  const params = new URLSearchParams(search);
  params.delete("edit");
  params.delete("new");
  if (target) {
    if (target.id) params.set("edit", target.id);
    else params.set("new", "");
  }
  const text = params.toString().replace(/(^|&)new=(?=&|$)/, "$1new");
  return text ? `?${text}` : "";
}

/** The open modal, read from the address at first render and written back to it (replaceState) on change. */
export function useEditAddress(): [EditTarget, (target: EditTarget) => void] {
  const [target, setTarget] = useState<EditTarget>(() => readEditTarget(location.search));
  const change = useCallback((next: EditTarget) => {
    setTarget(next);
    history.replaceState(history.state, "", `${location.pathname}${editSearch(location.search, next)}${location.hash}`);
  }, []);
  return [target, change];
}
