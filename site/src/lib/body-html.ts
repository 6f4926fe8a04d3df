/**
 * What the public page does with a stored body once sanitizeHtml (shared/html.ts) has cleaned it:
 * - an embed figure (`<figure class="embed"><a href="https://…">title</a></figure>`, what the article editor
 *   stores) of a YouTube, Vimeo or SoundCloud address becomes the click-to-load facade, the same markup as
 *   components/media/EmbedFacade.astro without a poster (nothing is loaded from the provider before a click); any
 *   other embed figure stays the plain link it is;
 * - a picture uploaded into the text (`/uploads/body_pics/…`) or chosen in the media library (`/uploads/media/…`)
 *   gets its AVIF and WebP variants (each area's widths), lazily loaded.
 * - a table (issue 32 §1) is put in a scroll box of its own, so a wide table scrolls sideways on a phone instead of
 *   the page; the box is a labelled, focusable region, so keyboard users can scroll it too (axe's
 *   scrollable-region-focusable);
 * - footnote calls become numbered links to the « Notes » list added at the end (shared/footnotes.ts).
 * The input is already clean and every value put back is escaped again, so the output is as safe as the input.
 */
import { renderFootnotes } from "../../../shared/footnotes";
import { decodeEntities, escapeHtml } from "../../../shared/html-text";
import { externalSource } from "./embed";
import { variantSrcset } from "./picture";

const EMBED = /<figure class="embed"><a href="([^"]*)"[^>]*>([\s\S]*?)<\/a><\/figure>/g;
const TABLE = /<table>([\s\S]*?)<\/table>/g;
const BODY_PICTURE = /<img src="(\/uploads\/(body_pics|media)\/[^"]+)"([^>]*?)\s*\/?>/g;

/** The body as the public page renders it: facades for players, responsive variants for pictures. */
export function renderBody(cleanHtml: string): string {
  let tables = 0;
  const scrollBox = (_table: string, inner: string) => {
    tables += 1;
    const caption = decodeEntities((/^<caption>([\s\S]*?)<\/caption>/.exec(inner)?.[1] ?? "").replace(/<[^>]*>/g, "")).trim();
    const label = escapeHtml(caption ? `Tableau\u00a0: ${caption}` : `Tableau ${tables}`);
    return `<div class="table-scroll" role="region" tabindex="0" aria-label="${label}"><table>${inner}</table></div>`;
  };
  return renderFootnotes(cleanHtml.replace(EMBED, embedFacade).replace(BODY_PICTURE, responsivePicture).replace(TABLE, scrollBox));
}

/** Whether the body holds a player (the page then loads the facade's script). */
export const hasEmbed = (cleanHtml: string) => /<figure class="embed">/.test(cleanHtml);

const PLAY_ICON =
  '<svg class="icon" width="30" height="30" viewBox="0 0 24 24" fill="currentColor" stroke="none" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M8 5v14l11-7z"></path></svg>';

function embedFacade(figure: string, rawHref: string, rawTitle: string): string {
  const source = externalSource(decodeEntities(rawHref));
  if (source.kind !== "embed" || !["YouTube", "Vimeo", "SoundCloud"].includes(source.provider)) return figure;
  const title = escapeHtml(decodeEntities(rawTitle.replace(/<[^>]*>/g, "")).trim() || source.provider);
  const provider = escapeHtml(source.provider);
  const audio = source.provider === "SoundCloud";
  const host = escapeHtml(new URL(source.src).hostname);
  return (
    `<div class="player embed"><button type="button" class="facade${audio ? " is-audio" : ""}" data-embed-src="${escapeHtml(source.src)}" ` +
    `data-embed-title="${title} (${provider})"${audio ? ' data-embed-audio=""' : ""}><span class="facade-inner">` +
    `<span class="facade-play">${PLAY_ICON}</span><span class="facade-text">` +
    `<span class="facade-label">${audio ? "Écouter" : "Lire la vidéo"} : ${title}</span>` +
    `<span class="facade-note">Le lecteur ${provider} ne sera chargé depuis ${host} qu'après votre clic.</span>` +
    `</span></span></button><p class="muted"><a href="${escapeHtml(source.href)}" rel="noopener noreferrer" target="_blank">` +
    `Ouvrir sur ${provider}<span class="sr-only"> (nouvel onglet)</span></a></p></div>`
  );
}

function responsivePicture(img: string, src: string, area: "body_pics" | "media", rest: string): string {
  const avif = variantSrcset(src, area, "avif");
  const webp = variantSrcset(src, area, "webp");
  if (!avif || !webp) return img;
  // The reading column is 40rem wide; narrower screens take the whole width.
  const sizes = "(min-width: 42rem) 40rem, calc(100vw - 2rem)";
  return (
    `<picture><source type="image/avif" srcset="${avif}" sizes="${sizes}" /><source type="image/webp" srcset="${webp}" sizes="${sizes}" />` +
    `<img src="${src}"${rest} loading="lazy" decoding="async" /></picture>`
  );
}
