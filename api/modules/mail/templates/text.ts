/**
 * The plain-text part: the same content as the HTML part, for the apps and people who read text (screen readers
 * in text mode, watches, filters). Links are written out in full after their label, French punctuation with its
 * non-breaking space.
 */
import { absoluteHref, type MailBlock, type MailContent, type MailSite } from "./content";

const NBSP = "\u00a0";

function block(b: MailBlock, site: MailSite): string {
  switch (b.type) {
    case "paragraph":
    case "note":
      return b.text;
    case "button":
      return `${b.link.label}${NBSP}: ${absoluteHref(site, b.link.href)}`;
    case "stories":
      // Everything the HTML part says but the picture: title, date, summary, and the address in full.
      return [
        b.heading.toUpperCase(),
        ...b.items.map((s) => [`- ${s.title}`, s.when ? `  ${s.when}` : null, `  ${s.text}`, `  ${s.more}${NBSP}: ${absoluteHref(site, s.href)}`].filter(Boolean).join("\n")),
      ].join("\n\n");
    case "items":
      return b.items.map((item) => [`- ${item.title}`, item.text ? `  ${item.text}` : null, `  ${absoluteHref(site, item.href)}`].filter(Boolean).join("\n")).join("\n\n");
  }
}

export function mailText(content: MailContent, site: MailSite): string {
  const siteLink = absoluteHref(site, "/");
  const parts = [
    site.name,
    "",
    content.heading,
    "=".repeat(Math.min(content.heading.length, 72)),
    "",
    content.blocks.map((b) => block(b, site)).join("\n\n"),
    "",
    // "-- " (with its space) marks the signature for mail apps.
    "-- ",
  ];
  if (content.footer?.text) parts.push(content.footer.text);
  for (const link of content.footer?.links ?? []) parts.push(`${link.label}${NBSP}: ${absoluteHref(site, link.href)}`);
  parts.push(`${site.name} · ${site.place}`, siteLink);
  return `${parts.join("\n")}\n`;
}
