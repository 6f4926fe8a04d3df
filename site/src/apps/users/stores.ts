/**
 * Data of the member administration, shared with the screens that pick members (event organizers, article
 * authors, the member who receives a deleted member's content).
 */
import type { UsersQuery } from "../../../../api/modules/users/model";
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { wholeList } from "../lib/whole-list";
import { apiQuery } from "../ui/list-state";
import { createListStore } from "../ui/list-store";
import { USER_LIST } from "./list-query";

export const USERS_PATH = "/api/admin/users";

/** Every account, members and admins (the pickers, and the member who receives a deleted member's content). */
export const $adminUsers = resource(USERS_PATH, () => call(api.admin.users.get({ query: {} }), "Erreur lors du chargement des utilisateurs").then(wholeList));

/** /admin/users' state (search, role, circle, sort, page), kept in the address. */
export const userList = createListStore(USER_LIST);

/** A page of the list (the route answers the paged shape whenever `page` is given). */
const page = (query: Record<string, string | number>) =>
  call(api.admin.users.get({ query: query as UsersQuery }), "Erreur lors du chargement des utilisateurs").then((a) =>
    Array.isArray(a) ? { items: a, total: a.length, page: 1, pageSize: a.length } : a,
  );

/** One page of members (role user), searched and filtered by the server (the key starts with USERS_PATH: any change reloads it). */
export const $memberPage = resource([`${USERS_PATH}?members`, userList.$key], () => page({ ...apiQuery(userList.$state.get()), role: "user" }));

/** The administrators matching the same search: a handful, so one page of 100 sorted by name. */
export const $adminPage = resource([`${USERS_PATH}?admins`, userList.$key], () => {
  const state = userList.$state.get();
  return page({ ...apiQuery({ ...state, page: 1, pageSize: 100 }), role: "admin" });
});

/** The pending quota and each member's bytes waiting for approval (the members table's « En attente » column). */
export const $uploadQuota = resource("/api/admin/upload-quota", () =>
  call(api.admin["upload-quota"].get(), "Erreur lors du chargement des envois en attente"),
);
