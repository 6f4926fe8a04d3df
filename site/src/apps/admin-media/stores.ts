/** Data of /admin/media: the list's state (in the address) and one server page of every media keyed by it. */
import type { AdminMediaQuery, MediaPage } from "../../../../api/contract";
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { apiQuery } from "../ui/list-state";
import { createListStore } from "../ui/list-store";
import { ADMIN_MEDIA_LIST } from "../media/list-query";

export const adminMediaList = createListStore(ADMIN_MEDIA_LIST);

export const $adminMedia = resource(["/api/admin/media?", adminMediaList.$key], () =>
  call(api.admin.media.get({ query: apiQuery(adminMediaList.$state.get()) as AdminMediaQuery }), "Erreur lors du chargement des médias").then((a) => a as MediaPage),
);
