import { citationFile, citationFilePaths } from "../../lib/citation-files";

/** « Citer » → RIS: one article's record, /article/{url}.ris (UTF-8, CRLF; see shared/citation.ts). */
export const getStaticPaths = citationFilePaths("ris");
export const GET = citationFile("ris");
