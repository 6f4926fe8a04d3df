import { frenchTypography as fr } from "../../site/src/lib/typography";

/**
 * True when `shown` (as a reader sees it, typeset, ending with "…" when cut) is the start of `full` cut between
 * two words: never « des mair… ».
 */
export function cutBetweenWords(shown: string, full: string): boolean {
  // Spaces compared as spaces: innerText turns no-break spaces into plain ones.
  const flat = fr(full.replace(/\s+/g, " ").trim()).replace(/\s+/g, " ");
  const text = shown.replace(/\s+/g, " ").trim();
  if (!text.endsWith("…")) return flat.startsWith(text);
  const kept = text.slice(0, -1);
  const next = flat.slice(kept.length);
  return flat.startsWith(kept) && (next === "" || /^[\s,;:.!?)»…]/u.test(next));
}
