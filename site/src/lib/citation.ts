/**
 * From a public article to what citing it needs (shared/citation.ts does the formats). The cited address is the
 * article's canonical page: its slug is fixed when the article is created and never follows a title change
 * (api/modules/articles/slug.ts, checked by api/modules/articles/permanent-url.test.ts), so a citation keeps working.
 */
import type { Article } from "../../../api/contract";
import { bibtex, ris, type CitedWork } from "../../../shared/citation";
import { articleHref } from "./paths";
import { SITE } from "./site";
import { absoluteUrl, type Origin } from "./structured-data";

/** What the citation files show of an article: their props, so a partial build redoes them only when it changes. */
export type CitationSource = Pick<Article, "title" | "url" | "createdAt" | "keywords"> & {
  authors: { firstname: string; name: string }[];
  /** Site path of the article's PDF (its first attached PDF media), or null. */
  pdfPath: string | null;
};

export function citationSource(a: Article): CitationSource {
  return {
    title: a.title,
    url: a.url,
    createdAt: a.createdAt,
    keywords: a.keywords,
    authors: a.authors.map((p) => ({ firstname: p.firstname, name: p.name })),
    pdfPath: a.media.find((m) => m.type === "pdf" && m.path)?.path ?? null,
  };
}

export function citedWork(s: CitationSource, origin: Origin): CitedWork {
  return {
    title: s.title,
    authors: s.authors,
    publishedAt: s.createdAt,
    url: absoluteUrl(articleHref(s.url), origin),
    publisher: SITE.name,
    ...(s.pdfPath ? { pdfUrl: absoluteUrl(s.pdfPath, origin) } : {}),
    keywords: s.keywords,
    language: "fr",
  };
}

/** The files offered under « Citer »: the link's label, the media type (api/lib/content-types.ts serves the same) and the writer. */
export const CITATION_FILES = {
  bib: { label: "BibTeX", type: "application/x-bibtex", write: bibtex },
  ris: { label: "RIS", type: "application/x-research-info-systems", write: ris },
} as const;
export type CitationFormat = keyof typeof CITATION_FILES;

/** /article/{url}.bib and /article/{url}.ris, written beside the page at build time. */
export const citationFileHref = (url: string, format: CitationFormat) => `${articleHref(url)}.${format}`;
