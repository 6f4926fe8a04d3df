/**
 * Looks for executable content in a built site: HTML pages (parsed with htmlparser2, the parser under
 * sanitize-html, entities decoded as a browser decodes them), RSS feeds (XML, with the HTML they carry parsed
 * again), iCalendar files and the search index. Used by api/xss-corpus.test.ts after building the site with the
 * XSS corpus in every public field. Each finding names the file and the offending markup.
 */
import { gunzipSync } from "node:zlib";
import type { ChildNode, Element } from "domhandler";
import { parseDocument } from "htmlparser2";

/** The marker every corpus payload that would run something carries. */
export const MARKER = /xss/i;

/** Scripts the site itself loads: Astro's bundles, Pagefind's, the member and admin apps. */
const OWN_SCRIPT_SRC = /^\/(_astro|pagefind|_apps)\/[\w./-]+\.m?js$/;

/** Attributes a browser follows, loads or runs as a URL. */
const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "poster",
  "data",
  "background",
  "cite",
  "codebase",
  "dynsrc",
  "lowsrc",
  "longdesc",
  "manifest",
  "ping",
  "icon",
  "usemap",
  "archive",
  "classid",
  "profile",
  // SVG animations set an href through these.
  "to",
  "from",
  "values",
  "by",
]);

/** `data-embed-src` and the like: the site's scripts turn them into an iframe or a link. */
const DATA_URL_ATTRIBUTE = /^data-.*(src|href|url)$/;

/** Elements that load or run another document or change how URLs resolve; the site uses none of them. */
const FORBIDDEN_ELEMENTS = new Set(["iframe", "frame", "frameset", "object", "embed", "applet", "base", "portal", "xmp", "plaintext", "noembed", "noframes"]);

/** Dangerous after the browser's own clean-up: ASCII tab and newlines removed anywhere, leading controls and spaces. */
export function dangerousUrl(value: string, allowImageData = false): boolean {
  const url = value
    .replace(/[\t\n\r]/g, "")
    .replace(/^[\u0000-\u0020]+/, "")
    .toLowerCase();
  if (allowImageData && /^data:image\/(png|gif|jpe?g|webp|avif)[;,]/.test(url)) return false;
  return /^(javascript|vbscript|livescript|mocha|data):/.test(url);
}

const DANGEROUS_CSS = /expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding|@import/i;

function describe(el: Element): string {
  const attrs = Object.entries(el.attribs)
    .map(([k, v]) => `${k}="${v.slice(0, 80)}"`)
    .join(" ");
  return `<${el.name}${attrs ? " " + attrs : ""}>`;
}

function textOf(el: Element): string {
  return el.children.map((c) => ("data" in c ? c.data : c.type === "tag" || c.type === "script" || c.type === "style" ? textOf(c as Element) : "")).join("");
}

/** Findings in one HTML document or fragment. `where` prefixes each finding. */
export function scanHtml(html: string, where: string): string[] {
  const findings: string[] = [];
  const found = (what: string) => findings.push(`${where}: ${what}`);
  const doc = parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true, lowerCaseTags: true });
  let scripts = 0;

  const visit = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (node.type !== "tag" && node.type !== "script" && node.type !== "style") continue;
      const el = node as Element;
      const name = el.name.toLowerCase();
      if (FORBIDDEN_ELEMENTS.has(name)) found(`forbidden element ${describe(el)}`);
      if (name === "script") {
        scripts++;
        const type = (el.attribs.type ?? "").toLowerCase();
        const body = textOf(el);
        if (type === "application/ld+json") {
          // Structured data never runs, but only while it stays one JSON value inside its element.
          try {
            JSON.parse(body);
          } catch {
            found(`JSON-LD that is not JSON: ${body.slice(0, 120)}`);
          }
        } else if (el.attribs.src !== undefined) {
          if (!OWN_SCRIPT_SRC.test(el.attribs.src)) found(`script from elsewhere ${describe(el)}`);
        } else if (MARKER.test(body)) found(`injected inline script: ${body.slice(0, 120)}`);
      }
      if (name === "style" && (DANGEROUS_CSS.test(textOf(el)) || MARKER.test(textOf(el)))) found(`injected style: ${textOf(el).slice(0, 120)}`);
      if (name === "meta" && /refresh/i.test(el.attribs["http-equiv"] ?? "")) {
        const target = (el.attribs.content ?? "").replace(/^[^;]*;\s*url\s*=\s*/i, "");
        if (dangerousUrl(target)) found(`meta refresh ${describe(el)}`);
      }
      for (const [attr, value] of Object.entries(el.attribs)) {
        const a = attr.toLowerCase();
        if (a.startsWith("on")) found(`event handler ${describe(el)}`);
        else if (a === "srcdoc") found(`srcdoc ${describe(el)}`);
        else if (a === "style" && DANGEROUS_CSS.test(value)) found(`dangerous style ${describe(el)}`);
        else if (URL_ATTRIBUTES.has(a) || DATA_URL_ATTRIBUTE.test(a)) {
          if (dangerousUrl(value, name === "img" && a === "src")) found(`dangerous URL in ${a}: ${describe(el)}`);
        } else if (a === "srcset" || a === "imagesrcset") {
          for (const candidate of value.split(",")) {
            if (dangerousUrl(candidate.trim().split(/\s+/)[0] ?? "", true)) found(`dangerous URL in ${a}: ${describe(el)}`);
          }
        }
      }
      visit(el.children);
    }
  };
  visit(doc.children);

  // A second parser's view (lol-html, Bun's HTMLRewriter, which tokenizes as the HTML standard says): a script,
  // a handler or a forbidden element that one parser sees and the other does not is a finding too.
  const second = secondOpinion(html);
  if (second.scripts !== scripts) found(`lol-html sees ${second.scripts} script elements, htmlparser2 ${scripts}`);
  for (const what of second.findings) found(`lol-html: ${what}`);
  return findings;
}

/** Scripts, handlers, srcdoc and forbidden elements as lol-html tokenizes the page. */
function secondOpinion(html: string): { scripts: number; findings: string[] } {
  let scripts = 0;
  const findings: string[] = [];
  new HTMLRewriter()
    .on("*", {
      element(el) {
        const name = el.tagName.toLowerCase();
        if (name === "script") scripts++;
        if (FORBIDDEN_ELEMENTS.has(name)) findings.push(`forbidden element <${name}>`);
        for (const [attr, value] of el.attributes) {
          if (attr.toLowerCase().startsWith("on")) findings.push(`event handler <${name} ${attr}="${value.slice(0, 80)}">`);
          if (attr.toLowerCase() === "srcdoc") findings.push(`srcdoc on <${name}>`);
        }
      },
    })
    .transform(html);
  return { scripts, findings };
}

/** Elements an RSS item of rssFeed() may hold. */
const RSS_ITEM_CHILDREN = new Set(["title", "link", "guid", "pubdate", "dc:creator", "category", "description", "content:encoded"]);

/**
 * Findings in an RSS feed: its structure (nothing injected between items), its links (http(s) only) and the HTML
 * it carries, parsed again as a reader parses it: `content:encoded` and `description` are HTML (RSS 2.0), so
 * their decoded text must pass scanHtml; titles, authors and categories are plain text (RSS best practice), shown
 * as text once decoded.
 */
export function scanRss(xml: string, where: string): string[] {
  const findings: string[] = [];
  const doc = parseDocument(xml, { xmlMode: true, decodeEntities: true });
  const elements = (nodes: ChildNode[]): Element[] => nodes.filter((n): n is Element => n.type === "tag");
  const rss = elements(doc.children).find((e) => e.name === "rss");
  const channel = rss && elements(rss.children).find((e) => e.name === "channel");
  if (!channel) return [`${where}: no rss/channel element`];
  for (const el of elements(channel.children)) {
    if (el.name === "atom:link" && !/^https?:\/\//.test(el.attribs.href ?? "")) findings.push(`${where}: atom:link ${el.attribs.href}`);
    if (el.name !== "item") continue;
    for (const child of elements(el.children)) {
      const name = child.name.toLowerCase();
      const text = textOf(child);
      if (!RSS_ITEM_CHILDREN.has(name)) findings.push(`${where}: unexpected <${child.name}> in an item`);
      else if (name === "content:encoded" || name === "description") findings.push(...scanHtml(text, `${where} ${name}`));
      else if (name === "link" && !/^https?:\/\//.test(text)) findings.push(`${where}: item link ${text}`);
    }
  }
  return findings;
}

/** Properties an iCalendar file of site/src/lib/ics.ts may hold, and the components it may open. */
const ICS_PROPERTIES = new Set([
  "BEGIN",
  "END",
  "VERSION",
  "PRODID",
  "CALSCALE",
  "METHOD",
  "X-WR-CALNAME",
  "X-WR-TIMEZONE",
  "X-WR-CALDESC",
  "X-PUBLISHED-TTL",
  "REFRESH-INTERVAL",
  "TZID",
  "TZOFFSETFROM",
  "TZOFFSETTO",
  "TZNAME",
  "DTSTART",
  "DTEND",
  "DTSTAMP",
  "UID",
  "SUMMARY",
  "LOCATION",
  "DESCRIPTION",
  "CATEGORIES",
  "URL",
  "STATUS",
  "SEQUENCE",
  "LAST-MODIFIED",
  "CREATED",
  "TRANSP",
]);
const ICS_COMPONENTS = new Set(["VCALENDAR", "VEVENT", "VTIMEZONE", "STANDARD", "DAYLIGHT"]);

/** Findings in an iCalendar file: only known properties (no injected ATTACH, VALARM, …), http(s) URLs, no controls. */
export function scanIcs(text: string, where: string): string[] {
  const findings: string[] = [];
  if (/\r(?!\n)|(?<!\r)\n/.test(text)) findings.push(`${where}: a line break that is not CRLF`);
  const lines = text.split("\r\n").reduce<string[]>((acc, line) => {
    if (/^[ \t]/.test(line) && acc.length) acc[acc.length - 1] += line.slice(1);
    else if (line) acc.push(line);
    return acc;
  }, []);
  for (const line of lines) {
    const m = /^([A-Z][A-Z0-9-]*)(;[^:]*)?:(.*)$/.exec(line);
    if (!m) {
      findings.push(`${where}: unreadable line ${JSON.stringify(line.slice(0, 120))}`);
      continue;
    }
    const [, name, , value] = m as unknown as [string, string, string | undefined, string];
    if (!ICS_PROPERTIES.has(name)) findings.push(`${where}: unexpected property ${name}`);
    if ((name === "BEGIN" || name === "END") && !ICS_COMPONENTS.has(value)) findings.push(`${where}: unexpected component ${value}`);
    if (name === "URL" && !/^https?:\/\//.test(value)) findings.push(`${where}: URL ${value}`);
    if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) findings.push(`${where}: control character in ${name}`);
  }
  return findings;
}

/**
 * What the search page inserts as HTML from a Pagefind fragment: the bundle escapes `<` and `>` of the indexed
 * text, then wraps matched words in <mark> (pagefind.js, build_excerpt). `bundle` is the built pagefind.js, checked
 * to still escape, so that an upgrade that stops doing it fails here.
 */
export function scanPagefindFragment(bytes: Uint8Array, where: string, bundle: string): string[] {
  let text = gunzipSync(bytes).toString("utf8");
  text = text.slice(text.indexOf("{"));
  const fragment = JSON.parse(text) as { url?: string; content?: string };
  const findings: string[] = [];
  if (!bundle.includes(`.replace(/</g,"&lt;").replace(/>/g,"&gt;")`)) findings.push("pagefind.js no longer escapes the indexed text");
  const words = (fragment.content ?? "").replace(/</g, "&lt;").replace(/>/g, "&gt;").split(" ");
  // Every word marked, the worst case for an excerpt.
  findings.push(...scanHtml(words.map((w) => `<mark>${w}</mark>`).join(" "), `${where} (excerpt of ${fragment.url})`));
  if (fragment.url && dangerousUrl(fragment.url)) findings.push(`${where}: url ${fragment.url}`);
  return findings;
}
