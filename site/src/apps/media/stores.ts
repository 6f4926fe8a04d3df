/**
 * Data of /user/media: the list's state (in the address) and one server page of it keyed by that state: the
 * member's own media in any state and the community's public ones, or only theirs (`mine=1`).
 */
import type { MediaPage, MemberMediaQuery } from "../../../../api/contract";
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { apiQuery } from "../ui/list-state";
import { createListStore } from "../ui/list-store";
import { MEMBER_MEDIA_LIST } from "./list-query";

export const memberMediaList = createListStore(MEMBER_MEDIA_LIST);

export const $userMedia = resource(["/api/user/media?", memberMediaList.$key], () =>
  call(api.user.media.get({ query: apiQuery(memberMediaList.$state.get()) as MemberMediaQuery }), "Erreur chargement médias utilisateur.").then((a) => a as MediaPage),
);
