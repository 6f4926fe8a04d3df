/** Every event, online or not, for the back office. */
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { wholeList } from "../lib/whole-list";

export const EVENTS_PATH = "/api/admin/events";

export const $adminEvents = resource(EVENTS_PATH, () => call(api.admin.events.get({ query: {} }), "Erreur lors du chargement des événements").then(wholeList));
