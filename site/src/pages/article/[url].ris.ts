import type { APIRoute, GetStaticPaths } from "astro";
import { ris } from "../../../../shared/citation";
import { allArticles } from "../../lib/build-data";
import { citationSource, citedWork, type CitationSource } from "../../lib/citation";

/** « Citer » → RIS: one article's record, /article/{url}.ris (UTF-8, CRLF; see shared/citation.ts). */
export const getStaticPaths = (async () => {
  const articles = await allArticles();
  return articles.map((a) => ({ params: { url: a.url }, props: { source: citationSource(a) } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) => {
  const { source } = props as { source: CitationSource };
  return new Response(ris(citedWork(source, site)), { headers: { "content-type": "application/x-research-info-systems; charset=utf-8" } });
};
