/** /admin/contact's data: its state (in the address) and one server page keyed by it. */
import type { ContactQuery } from "../../../../api/modules/contact/model";
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { apiQuery } from "../ui/list-state";
import { createListStore } from "../ui/list-store";
import { CONTACT_LIST } from "./list-query";

export const CONTACT_PATH = "/api/admin/contact";

export const contactList = createListStore(CONTACT_LIST);

/** One page of messages with the unread count of every match (the route answers the paged shape when `page` is given). */
export const $contactPage = resource([`${CONTACT_PATH}?`, contactList.$key], () =>
  call(api.admin.contact.get({ query: apiQuery(contactList.$state.get()) as ContactQuery }), "Erreur lors du chargement des messages").then((a) =>
    Array.isArray(a) ? { items: a, total: a.length, page: 1, pageSize: a.length, unread: a.filter((m) => !m.read).length } : a,
  ),
);
