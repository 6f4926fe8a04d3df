/**
 * Addresses the editor accepts, with the French refusals its dialogs show. The server's allow-list
 * (shared/html.ts) would drop anything else anyway; checking here tells the writer before they save.
 */
import { externalSource } from "../../../lib/embed";

export type Checked = { ok: true; href: string } | { ok: false; error: string };

export const LINK_ERROR = "Adresse invalide : elle doit commencer par http://, https:// ou mailto:.";
export const EMBED_ERROR = "Adresse non reconnue : collez le lien d'une vidéo YouTube ou Vimeo, ou d'un son SoundCloud (https).";

/** A link target: http(s) and mailto, or one of the site's own pages ("/media/…"); "www.x.fr" gets https://. */
export function checkLinkUrl(raw: string): Checked {
  const text = raw.trim();
  if (!text) return { ok: false, error: "Indiquez l'adresse du lien." };
  // A path of this site (the media links), never "//host" which would leave it.
  if (/^\/(?!\/)[^\s]*$/.test(text)) return { ok: true, href: text };
  const withScheme = /^www\./i.test(text) ? `https://${text}` : text;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, error: LINK_ERROR };
  }
  if (url.protocol === "mailto:") return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(url.pathname) ? { ok: true, href: withScheme } : { ok: false, error: "Adresse e-mail invalide." };
  if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".")) return { ok: true, href: url.href };
  return { ok: false, error: LINK_ERROR };
}

/** The editor's schema and Tiptap's link rules both ask this: may an address become a link? */
export const isAllowedHref = (href: string) => checkLinkUrl(href).ok;

/** The providers an article may embed (issue 20): the public page shows their click-to-load facade. */
export const EMBED_PROVIDERS = ["YouTube", "Vimeo", "SoundCloud"] as const;

export type EmbedTarget = { href: string; provider: (typeof EMBED_PROVIDERS)[number] };

/** A YouTube, Vimeo or SoundCloud address, or null. */
export function embedTarget(raw: string): EmbedTarget | null {
  const source = externalSource(raw);
  if (source.kind !== "embed") return null;
  const provider = EMBED_PROVIDERS.find((p) => p === source.provider);
  return provider ? { href: source.href, provider } : null;
}

/** The name an embed gets when the writer gives none. */
export const defaultEmbedTitle = (provider: EmbedTarget["provider"]) => (provider === "SoundCloud" ? "Son SoundCloud" : `Vidéo ${provider}`);
