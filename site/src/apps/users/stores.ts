/**
 * Data of the member administration, shared with the screens that pick members (event organizers, article
 * authors, the member who receives a deleted member's content).
 */
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { wholeList } from "../lib/whole-list";

export const USERS_PATH = "/api/admin/users";

/** Every account, members and admins (the screen splits them by role). */
export const $adminUsers = resource(USERS_PATH, () => call(api.admin.users.get({ query: {} }), "Erreur lors du chargement des utilisateurs").then(wholeList));
/** The pending quota and each member's bytes waiting for approval (the members table's « En attente » column). */
export const $uploadQuota = resource("/api/admin/upload-quota", () =>
  call(api.admin["upload-quota"].get(), "Erreur lors du chargement des envois en attente"),
);
