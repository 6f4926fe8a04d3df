/**
 * Media the member sees: their own uploads in any state and the community's public media, in one list (the media
 * screen splits it by uploader; the article form offers it as the media to attach).
 */
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { wholeList } from "../lib/whole-list";

export const $userMedia = resource("/api/user/media", () =>
  call(api.user.media.get({ query: {} }), "Erreur chargement médias utilisateur.").then(wholeList),
);
