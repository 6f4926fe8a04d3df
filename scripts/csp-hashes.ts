/**
 * The SHA-256 of every inline script the built site runs, for the CSP header's `script-src` (no
 * 'unsafe-inline'). After our own scripts became files, what remains inline is Astro's island runtime, its
 * hydration directives and the one-line "js" class switch: code, never content, so the list stays short and the
 * same from build to build. Written next to the pages (a dot file: never served) and read by the server when it
 * puts a build live (api/lib/security-headers.ts).
 */
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { CSP_HASHES_FILE } from "../api/lib/security-headers";

/** Inline <script> elements the browser would run (JSON and JSON-LD data blocks are never run). */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPE = /\btype\s*=\s*["']?application\/(ld\+)?json/i;

export function inlineScriptHashes(html: string, into = new Set<string>()): Set<string> {
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    if (DATA_TYPE.test(m[1]!)) continue;
    into.add(`'sha256-${createHash("sha256").update(m[2]!, "utf8").digest("base64")}'`);
  }
  return into;
}

/** The inline script hashes of every page under `dir`. */
export async function folderScriptHashes(dir: string): Promise<Set<string>> {
  const hashes = new Set<string>();
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const path = join(d, e.name);
      if (e.isDirectory()) await walk(path);
      else if (e.name.endsWith(".html")) inlineScriptHashes(await readFile(path, "utf8"), hashes);
    }
  };
  await walk(dir);
  return hashes;
}

/**
 * The hashes of the pages this process's `astro build` renders, taken from each page's body as it renders
 * (scripts/partial-build.ts), or null when no one gathers them: reading every page back once Astro is done cost
 * 2.4 s after the last page at 5,000 articles. Astro's config loads this module in an instance of its own, and
 * both the gathering and the writing run in it.
 */
let gathered: Set<string> | null = null;

/** From now on, the pages rendered are hashed as they come (`renderedPageScripts`) rather than read back. */
export function gatherScriptHashes(): void {
  gathered = new Set();
}

const decoder = new TextDecoder();

/** A page Astro is about to write (its whole body), when the hashes are gathered. */
export function renderedPageScripts(body: ArrayBuffer): void {
  if (gathered) inlineScriptHashes(decoder.decode(body), gathered);
}

/**
 * Writes the hashes of every page under `dir` to `dir/CSP_HASHES_FILE`: those gathered as the pages rendered
 * (every page under `dir` is then one of them: Astro writes a redirect's page itself, without a script), else
 * read from the files.
 */
export async function writeCspHashes(dir: string): Promise<{ scriptHashes: string[]; gathered: boolean }> {
  const taken = gathered;
  gathered = null;
  const scriptHashes = [...(taken ?? (await folderScriptHashes(dir)))].sort();
  await writeFile(join(dir, CSP_HASHES_FILE), JSON.stringify({ scriptHashes }));
  return { scriptHashes, gathered: taken !== null };
}
