import type { APIRoute, GetStaticPaths } from "astro";
import type { Event } from "../../../../api/contract";
import { api } from "../../lib/api";
import { pagesInPart } from "../../lib/pages-in-part";
import { siteOrigin } from "../../lib/build-data";
import { calendar } from "../../lib/ics";

/** « Ajouter à mon agenda »: one event as an .ics file, /event/{url}.ics */
export const getStaticPaths = (async () => {
  const events = await api.events();
  const paths = events.map((event) => ({ params: { url: event.url }, props: { event } }));
  return pagesInPart("/event/[url].ics", paths, (p) => `/event/${p.params.url}.ics`);
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) => {
  const { event } = props as { event: Event };
  return new Response(calendar([event], siteOrigin(site), event.title), {
    headers: { "content-type": "text/calendar; charset=utf-8" },
  });
};
