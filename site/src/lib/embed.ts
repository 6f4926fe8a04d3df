/**
 * Recognises the external players the site may embed. Nothing here loads anything: pages render a click-to-load
 * facade and only a visitor's click inserts the iframe, so no third party is contacted on page load.
 */

function parseHttps(raw: string | null | undefined): URL | null {
  try {
    const u = new URL((raw ?? "").trim());
    // Only https links are embedded (spec); anything else is offered as a plain link.
    return u.protocol === "https:" ? u : null;
  } catch {
    return null;
  }
}

const host = (u: URL) => u.hostname.toLowerCase().replace(/^(www\.|m\.)/, "");

/** The 11-character YouTube video id of a watch, short, embed or youtu.be link, or null. */
export function youtubeId(raw: string | null | undefined): string | null {
  let u: URL;
  try {
    u = new URL((raw ?? "").trim());
  } catch {
    return null;
  }
  const h = host(u);
  let id: string | null = null;
  if (h === "youtu.be") id = u.pathname.slice(1).split("/")[0] ?? null;
  else if (h === "youtube.com" || h === "music.youtube.com" || h === "youtube-nocookie.com") {
    const parts = u.pathname.split("/").filter(Boolean);
    if (parts[0] === "watch") id = u.searchParams.get("v");
    else if (["embed", "shorts", "live", "v"].includes(parts[0] ?? "")) id = parts[1] ?? null;
  }
  return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null;
}

/** The numeric Vimeo id of vimeo.com/123 or player.vimeo.com/video/123, or null. */
export function vimeoId(raw: string | null | undefined): string | null {
  const u = parseHttps(raw);
  if (!u) return null;
  const h = host(u);
  if (h !== "vimeo.com" && h !== "player.vimeo.com") return null;
  const parts = u.pathname.split("/").filter(Boolean);
  const id = h === "player.vimeo.com" ? (parts[0] === "video" ? parts[1] : undefined) : parts.find((p) => /^\d+$/.test(p));
  return id && /^\d+$/.test(id) ? id : null;
}

export const youtubeEmbedSrc = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;

export type ExternalSource =
  | { kind: "embed"; provider: string; src: string; href: string }
  | { kind: "notice"; provider: string | null; href: string };

const NOTICE_PROVIDERS: [RegExp, string][] = [
  [/(^|\.)linkedin\.com$/, "LinkedIn"],
  [/(^|\.)(twitter\.com|x\.com)$/, "Twitter/X"],
  [/(^|\.)instagram\.com$/, "Instagram"],
];

/** How to show an external resource: an embeddable player (YouTube, SoundCloud, Vimeo, Facebook video) or a notice. */
export function externalSource(raw: string | null | undefined): ExternalSource {
  const href = (raw ?? "").trim();
  // YouTube is recognised by its id and played from our own https no-cookie URL, so an old http link is fine.
  const yt = youtubeId(href);
  if (yt) return { kind: "embed", provider: "YouTube", src: youtubeEmbedSrc(yt), href };
  const u = parseHttps(href);
  if (!u) return { kind: "notice", provider: null, href };
  const h = host(u);
  const vm = vimeoId(href);
  if (vm) return { kind: "embed", provider: "Vimeo", src: `https://player.vimeo.com/video/${vm}?autoplay=1`, href };
  if (h === "soundcloud.com" || h === "on.soundcloud.com") {
    return {
      kind: "embed",
      provider: "SoundCloud",
      src: `https://w.soundcloud.com/player/?url=${encodeURIComponent(href)}&auto_play=true`,
      href,
    };
  }
  const isFacebookVideo =
    h === "fb.watch" || (h.endsWith("facebook.com") && /\/(videos|watch|reel)\b/.test(u.pathname + u.search));
  if (isFacebookVideo) {
    return {
      kind: "embed",
      provider: "Facebook",
      src: `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(href)}&show_text=false`,
      href,
    };
  }
  const known = NOTICE_PROVIDERS.find(([re]) => re.test(h));
  return { kind: "notice", provider: known ? known[1] : null, href };
}

/** A short label for the source of a link ("YouTube", "vimeo.com", ...), for table columns. */
export function sourceLabel(raw: string | null | undefined): string {
  const s = externalSource(raw);
  if (s.provider) return s.provider;
  try {
    return host(new URL((raw ?? "").trim()));
  } catch {
    return "";
  }
}
