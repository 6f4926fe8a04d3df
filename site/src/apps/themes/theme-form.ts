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

/** What the server accepts as a theme url (api/modules/themes/model.ts): one path segment. */
const URL_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** Said of a filled url the server would refuse: what is wrong with it, not « obligatoire » (issue 19 §3.16). */
export const URL_INVALID = "L'URL ne peut contenir que des lettres sans accents, des chiffres, des tirets ou des soulignés, sans espace.";

/** The problems of a draft the person can fix before sending (an empty field only disables the button). */
export function themeErrors(d: ThemeDraft): { url?: string } {
  const url = d.url.trim();
  return url && !URL_PATTERN.test(url) ? { url: URL_INVALID } : {};
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
