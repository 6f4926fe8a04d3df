/** The back office's event list: its state (in the address) and one server page keyed by it. */
import type { EventsQuery } from "../../../../api/modules/events/model";
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { apiQuery } from "../ui/list-state";
import { createListStore } from "../ui/list-store";
import { EVENT_LIST } from "./list-query";

export const EVENTS_PATH = "/api/admin/events";

export const eventList = createListStore(EVENT_LIST);

/** One page of events (the key starts with EVENTS_PATH: every write's reload reaches it). */
export const $eventPage = resource([`${EVENTS_PATH}?`, eventList.$key], () =>
  call(api.admin.events.get({ query: apiQuery(eventList.$state.get()) as EventsQuery }), "Erreur lors du chargement des événements").then((a) =>
    Array.isArray(a) ? { items: a, total: a.length, page: 1, pageSize: a.length } : a,
  ),
);
