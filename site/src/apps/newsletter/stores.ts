/** Data of /admin/newsletter: the list's state (in the address) and one server page keyed by it. */
import type { SubscriberQuery } from "../../../../api/contract";
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { apiQuery } from "../ui/list-state";
import { createListStore } from "../ui/list-store";
import { SUBSCRIBER_LIST } from "./subscriber-list";

export const PATH = "/api/admin/newsletter/subscribers";

export const subscriberList = createListStore(SUBSCRIBER_LIST);

export const $subscriberPage = resource([`${PATH}?`, subscriberList.$key], () =>
  call(api.admin.newsletter.subscribers.get({ query: apiQuery(subscriberList.$state.get()) as SubscriberQuery }), "Erreur lors du chargement des abonnés."),
);
