/**
 * The two citation file routes, /article/{url}.bib and /article/{url}.ris (pages/article/[url].bib.ts and
 * [url].ris.ts): the same paths and props, one writer each. Both routes get the same props object per article,
 * made once per build, so a partial build digests it once (scripts/partial-build.ts) for the two files.
 */
import type { APIRoute, GetStaticPaths } from "astro";
import { ARTICLES, derivedPerBuild, FULL_ARTICLES } from "./api";
import { allArticles } from "./build-data";
import { CITATION_FILES, citationSource, citedWork, type CitationFormat, type CitationSource } from "./citation";

const sources = derivedPerBuild([ARTICLES, FULL_ARTICLES], async () => (await allArticles()).map(citationSource));

/** One path per public article; its only prop is what the files show (`CitationSource`). */
export const citationFilePaths = (async () =>
  (await sources()).map((source) => ({ params: { url: source.url }, props: { source } }))) satisfies GetStaticPaths;

/** The route's file in `format`, UTF-8. */
export function citationFile(format: CitationFormat): APIRoute {
  const { type, write } = CITATION_FILES[format];
  return ({ props, site }) => {
    const { source } = props as { source: CitationSource };
    return new Response(write(citedWork(source, site)), { headers: { "content-type": `${type}; charset=utf-8` } });
  };
}
