/**
 * Astro writes the style rule of its islands (`astro-island{display:contents}`…) as a `<style>` element just
 * before the first island of a page, i.e. in `<body>`, where HTML does not allow it (the Nu HTML Checker refused
 * /login and /auth/callback: "A style element in body must be the first child of its parent"; /events passed only
 * because its island happens to open its parent). Pages cannot place it themselves, so the build moves it into
 * `<head>` (site/src/middleware.ts). The rule is Astro's own constant, so an Astro upgrade cannot leave a copy here
 * out of date.
 */
import { ISLAND_STYLES } from "astro/runtime/server/astro-island-styles.js";

const ELEMENT = `<style>${ISLAND_STYLES}</style>`;

/** `html` with Astro's island style element once, at the end of `<head>`, and nowhere in `<body>`. */
export function hoistIslandStyles(html: string): string {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0 || html.indexOf(ELEMENT, headEnd) < 0) return html;
  const head = html.slice(0, headEnd);
  const rest = html.slice(headEnd).split(ELEMENT).join("");
  return (head.includes(ELEMENT) ? head : head + ELEMENT) + rest;
}
