/**
 * Data of /admin/mail: the list's state (in the address) and one server page keyed by it; the message open in
 * the reading dialog (`?message=<id>`, so a reload shows it again) and its full text.
 */
import { atom } from "nanostores";
import type { MailQuery } from "../../../../api/contract";
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { apiQuery } from "../ui/list-state";
import { createListStore } from "../ui/list-store";
import { MAIL_LIST } from "./mail-list";

export const PATH = "/api/admin/mail";
/** What a restore held back (api/modules/delivery-hold). Not under `${PATH}?`: the list's reloads leave it alone. */
export const HELD_PATH = "/api/admin/mail/held";

export const mailList = createListStore(MAIL_LIST);

export const $mailPage = resource([`${PATH}?`, mailList.$key], () =>
  call(api.admin.mail.get({ query: apiQuery(mailList.$state.get()) as MailQuery }), "Erreur lors du chargement des courriels."),
);

const initial = typeof location === "undefined" ? "" : (new URLSearchParams(location.search).get("message") ?? "");

/** The id of the message being read ("" when none). */
export const $openMail = atom(initial);

export function openMail(id: string): void {
  $openMail.set(id);
  const url = new URL(location.href);
  if (id) url.searchParams.set("message", id);
  else url.searchParams.delete("message");
  history.replaceState(history.state, "", url);
}

export const $mailDetail = resource([`${PATH}/`, $openMail], (_path, id) =>
  call(api.admin.mail({ id: String(id) }).get(), "Erreur lors du chargement du courriel."),
);

export const $held = resource(HELD_PATH, () => call(api.admin.mail.held.get(), "Erreur lors du chargement des envois suspendus."));
