import type { APIRoute } from "astro";
import { api } from "../lib/api";
import { siteOrigin } from "../lib/build-data";
import { calendar } from "../lib/ics";
import { SITE } from "../lib/site";

/** Subscribable calendar of the public events. */
export const GET: APIRoute = async ({ site }) => {
  const ics = calendar(await api.events(), siteOrigin(site), `${SITE.name} — Événements`);
  return new Response(ics, { headers: { "content-type": "text/calendar; charset=utf-8" } });
};
