/**
 * Data of the media library picker: one server page of the media the caller may link (GET /api/user/media for a
 * member: their own in any state and the public ones, as the article routes accept; /api/admin/media for an
 * admin: every media), keyed under the list's API path so every media write reloads it (media/api.ts).
 * One picker is open at a time, so one store serves them all.
 */
import type { AdminMediaQuery, MediaPage, MemberMediaQuery } from "../../../../api/contract";
import { atom, computed } from "nanostores";
import { useEffect } from "react";
import { api, call } from "../lib/api";
import { resource, useResource } from "../lib/query";
import type { AppContext } from "../articles/api";
import { useShown } from "../ui/use-shown";
import { pickerApiQuery, type PickerQuery } from "./picker-state";

type Asked = PickerQuery & { context: AppContext };

const $asked = atom<Asked | null>(null);
// Null while no picker is open: the store then asks nothing.
const $path = computed($asked, (a) => (a ? `/api/${a.context === "admin" ? "admin" : "user"}/media?picker=` : null));
const $key = computed($asked, (a) => (a ? JSON.stringify(pickerApiQuery(a)) : null));

const FALLBACK = "Erreur lors du chargement des médias";

export const $pickerPage = resource([$path, $key], () => {
  const asked = $asked.get()!;
  const query = pickerApiQuery(asked);
  const answer =
    asked.context === "admin"
      ? call(api.admin.media.get({ query: query as AdminMediaQuery }), FALLBACK)
      : call(api.user.media.get({ query: query as MemberMediaQuery }), FALLBACK);
  // Asked with `page`: the paged shape.
  return answer.then((a) => a as MediaPage);
});

/** The page of the picker's query while `open`; the last page stays shown while the next one loads. */
export function usePickerPage(context: AppContext, query: PickerQuery, open: boolean) {
  useEffect(() => {
    $asked.set(open ? { context, ...query } : null);
  }, [open, context, query.q, query.type, query.page]);
  useEffect(() => () => $asked.set(null), []);
  const { data, loading, error } = useResource($pickerPage, FALLBACK);
  return { shown: useShown(open ? data : undefined), loading, error };
}
