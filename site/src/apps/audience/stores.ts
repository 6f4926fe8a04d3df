/** Data of /admin/audience: the chosen period and the report of it, reloaded when the period changes. */
import { atom } from "nanostores";
import type { AudiencePeriod } from "../../../../api/contract";
import { api, call } from "../lib/api";
import { resource } from "../lib/query";

export const PATH = "/api/admin/audience";

export const $period = atom<AudiencePeriod>("30d");

export const $audience = resource([`${PATH}?period=`, $period], () =>
  call(api.admin.audience.get({ query: { period: $period.get() } }), "Erreur lors du chargement de l'audience."),
);

/** The CSV of the same period (a plain link: the session cookie goes with it). */
export const exportHref = (period: AudiencePeriod) => `${PATH}/export?period=${period}`;
