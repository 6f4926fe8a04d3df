/** The theme form's rules (spec §5), apart from the UI: name and url required once trimmed, keywords split by commas. */
import type { ThemeBody } from "../../../../api/contract";

export type ThemeDraft = { name: string; url: string; keywords: string };

export function themeDraftOf(theme: { name: string; url: string; keywords: readonly string[] } | null): ThemeDraft {
  return theme ? { name: theme.name, url: theme.url, keywords: theme.keywords.join(", ") } : { name: "", url: "", keywords: "" };
}

/** Submit stays disabled until both are filled (spaces alone do not count). */
export function themeReady(d: ThemeDraft): boolean {
  return d.name.trim() !== "" && d.url.trim() !== "";
}

/** "a, b ,, c" -> ["a", "b", "c"]: trimmed, empties dropped, repeats dropped. */
export function splitKeywords(text: string): string[] {
  return [...new Set(text.split(",").map((k) => k.trim()).filter(Boolean))];
}

export function themeBody(d: ThemeDraft): ThemeBody {
  return { name: d.name.trim(), url: d.url.trim(), keywords: splitKeywords(d.keywords) };
}

/** Keywords in lines of three (spec §2: a line break after every third). */
export function keywordLines(keywords: readonly string[], perLine = 3): string[][] {
  const lines: string[][] = [];
  for (let i = 0; i < keywords.length; i += perLine) lines.push(keywords.slice(i, i + perLine));
  return lines;
}
