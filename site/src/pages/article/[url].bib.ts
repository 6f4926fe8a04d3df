import type { APIRoute, GetStaticPaths } from "astro";
import { bibtex } from "../../../../shared/citation";
import { allArticles } from "../../lib/build-data";
import { citationSource, citedWork, type CitationSource } from "../../lib/citation";

/** « Citer » → BibTeX: one article's entry, /article/{url}.bib (UTF-8; see shared/citation.ts). */
export const getStaticPaths = (async () => {
  const articles = await allArticles();
  return articles.map((a) => ({ params: { url: a.url }, props: { source: citationSource(a) } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) => {
  const { source } = props as { source: CitationSource };
  return new Response(bibtex(citedWork(source, site)), { headers: { "content-type": "application/x-bibtex; charset=utf-8" } });
};
