/**
 * Finds French typography faults in the visible text of an HTML page: what a proof-reader would circle. Written
 * apart from the typesetter (typography.ts), rule by rule, so the browser test over the built site checks the
 * result rather than re-running the same code.
 */
import { forEachText } from "./html-text";

export type TypographyFault = { rule: string; excerpt: string };

const URLISH = /(?:https?|ftp):\/\/\S+|mailto:\S+|www\.\S+|\S+@\S+\.\S+/giu;

const RULES: [rule: string, pattern: RegExp][] = [
  ["apostrophe droite", /'/gu],
  // Any ordinary space (not U+00A0 / U+202F) before a mark that takes a no-break space.
  ["espace sécable avant ; ! ? : »", /[^\S\u00A0\u202F]+[;:!?»]/gu],
  ["espace sécable après «", /«[^\S\u00A0\u202F]/gu],
  ["espace insécable (U+00A0) au lieu de fine (U+202F) avant ; ! ?", /\u00A0[;!?]/gu],
  ["espace fine au lieu d’insécable avant :", /\u202F:/gu],
  ["pas d’espace avant ; ! ?", /[\p{L}\p{N})»][;!?](?=\s|$)/gu],
  ["pas d’espace avant :", /[\p{L})»]:(?=\s|$)/gu],
  ["pas d’espace après «", /«(?=[^\s])/gu],
  ["pas d’espace avant »", /[^\s]»/gu],
];

/** Every fault in the page's visible text (code, scripts, styles, attribute values and URLs are not text). */
export function typographyFaults(html: string): TypographyFault[] {
  const faults: TypographyFault[] = [];
  forEachText(html, (text, before) => {
    // URLs are quoted verbatim: blank them so their ":" and "?" are not read as prose. Entities left encoded
    // ("&hellip;") are one character, not a word followed by ";".
    const visible = text.replace(URLISH, (u) => "x".repeat(u.length)).replace(/&[a-z][a-z\d]*;/gi, "\uFFFC");
    const prose = (before && !/\s/u.test(before) ? before : "\n") + visible;
    for (const [rule, pattern] of RULES) {
      for (const m of prose.matchAll(pattern)) {
        const at = m.index;
        faults.push({ rule, excerpt: prose.slice(Math.max(0, at - 20), at + m[0].length + 20).replace(/\s+/gu, " ").trim() });
      }
    }
  });
  return faults;
}
