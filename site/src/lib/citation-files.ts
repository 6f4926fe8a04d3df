/**
 * The two citation file routes, /article/{url}.bib and /article/{url}.ris (pages/article/[url].bib.ts and
 * [url].ris.ts): the same paths and props, one writer each. Both routes get the same props object per article,
 * made once per build, so a partial build digests it once (scripts/partial-build.ts) for the two files.
 */
import type { APIRoute, GetStaticPaths } from "astro";
import { api } from "./api";
import { articleScope } from "./article-scope";
import { listedInPart } from "./listing-scope";
import { perBuild } from "./per-build";
import { CITATION_FILES, citationSource, citedWork, type CitationFormat, type CitationSource } from "./citation";

/** Each listed article's citation source, made once per build for both routes (lib/article-scope.ts lists). */
const sources = perBuild(async () => {
  const scope = await articleScope();
  return { scope, sources: await Promise.all(scope.listed.map(async (a) => citationSource(await api.article(a.url)))) };
});

/**
 * One path per public article (in a warm build, per article the change reached); its only prop is what the files
 * show (`CitationSource`).
 */
export function citationFilePaths(format: CitationFormat): GetStaticPaths {
  return async () => {
    const { scope, sources: list } = await sources();
    if (scope.touched) listedInPart(`/article/[url].${format}`, [...scope.touched].map((url) => `/article/${url}.${format}`));
    return list.map((source) => ({ params: { url: source.url }, props: { source } }));
  };
}

/** The route's file in `format`, UTF-8. */
export function citationFile(format: CitationFormat): APIRoute {
  const { type, write } = CITATION_FILES[format];
  return ({ props, site }) => {
    const { source } = props as { source: CitationSource };
    return new Response(write(citedWork(source, site)), { headers: { "content-type": `${type}; charset=utf-8` } });
  };
}
