/**
 * What a message says, independent of its two renderings: `renderMail` (render.tsx) turns one `MailContent` into
 * the HTML part (React, layout.tsx) and the plain-text part (text.ts), so the two always say the same thing.
 * Features write content, never markup: every string here is text, escaped by the renderers.
 */

/** A link: absolute (https://…, mailto:) or a path of the site ("/admin/mail"), made absolute with PUBLIC_URL. */
export type MailLink = { label: string; href: string };

export type MailBlock =
  /** A paragraph; line breaks in the text are kept. */
  | { type: "paragraph"; text: string }
  /** The message's main action, drawn as a button (its address also written out in the text part). */
  | { type: "button"; link: MailLink }
  /** A list of items, each a title linked to its page with an optional line of text (digests, notifications). */
  | { type: "items"; items: { title: string; href: string; text?: string }[] }
  /** Smaller print: why the link expires, what to do if the message was not expected. */
  | { type: "note"; text: string }
  /**
   * A section of a letter (the newsletter): a heading, then stories, each with an optional picture (a JPEG or PNG
   * of the site, with its pixel size: a mail shows no other image), its title, an optional date line, its summary
   * and a link to read on.
   */
  | { type: "stories"; heading: string; items: MailStory[] };

/** One story of a « stories » block; `more` is the label of the link to the page (« Lire la suite »). */
export type MailStory = {
  title: string;
  href: string;
  when?: string;
  text: string;
  more: string;
  picture?: { src: string; width: number; height: number; alt: string };
};

export type MailContent = {
  subject: string;
  /** The line mail apps show after the subject in the inbox (hidden in the message itself). */
  preview?: string;
  /** The message's title (its only h1). */
  heading: string;
  blocks: MailBlock[];
  /** Why the person gets this message, and the links to act on it (notification settings, unsubscribe). */
  footer?: { text?: string; links?: MailLink[] };
};

/** The sender's identity shown in every message: the site's name, its address on the web and where it is. */
export type MailSite = { name: string; url: string; place: string };

/** Where the institute is: the footer line of every message (the site's chrome says the same: site/src/lib/site.ts). */
export const SITE_PLACE = "Île de Gorée, Sénégal";

/** A link's absolute address: a site path joined to the public address; anything but http(s) and mailto refused. */
export function absoluteHref(site: MailSite, href: string): string {
  const url = new URL(href, `${site.url}/`);
  if (!["http:", "https:", "mailto:"].includes(url.protocol)) throw new Error(`mail link with a refused scheme: ${url.protocol}`);
  return url.href;
}
