/**
 * Data of « Corbeille » (/user/corbeille, /admin/corbeille): the list's state in the address and one server page
 * keyed by it. One module for both apps: each bundle builds the stores of its own area.
 */
import type { TrashItem, TrashPage, TrashQuery } from "../../../../api/contract";
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { apiQuery } from "../ui/list-state";
import { createListStore } from "../ui/list-store";
import { TRASH_LIST } from "./trash-text";

export type TrashArea = "user" | "admin";

const LOAD_ERROR = "Erreur lors du chargement de la corbeille.";

export function trashStores(area: TrashArea) {
  const path = `/api/${area}/trash`;
  const list = createListStore(TRASH_LIST);
  const $page = resource<TrashPage>([`${path}?`, list.$key], () => {
    const query = apiQuery(list.$state.get()) as TrashQuery;
    return call(area === "admin" ? api.admin.trash.get({ query }) : api.user.trash.get({ query }), LOAD_ERROR);
  });
  const item = (i: Pick<TrashItem, "kind" | "_id">) => (area === "admin" ? api.admin.trash({ kind: i.kind })({ id: i._id }) : api.user.trash({ kind: i.kind })({ id: i._id }));
  return {
    path,
    list,
    $page,
    restore: (i: TrashItem) => call(item(i).restore.post(), "La restauration a échoué."),
    purge: (i: TrashItem) => call(item(i).delete(), "La suppression définitive a échoué."),
  };
}
