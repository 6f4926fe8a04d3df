import { citationFile, citationFilePaths } from "../../lib/citation-files";

/** « Citer » → BibTeX: one article's entry, /article/{url}.bib (UTF-8; see shared/citation.ts). */
export const getStaticPaths = citationFilePaths("bib");
export const GET = citationFile("bib");
