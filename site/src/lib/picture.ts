/**
 * Responsive variants of uploaded pictures. The server writes, for `/uploads/<area>/<base>.<ext>`,
 * `<base>-<w>.avif` and `<base>-<w>.webp` at the widths below (api/lib/images.ts holds the same table; the site
 * never imports server code, so it is repeated here and checked by a unit test).
 */
export const VARIANT_WIDTHS = {
  profile_pics: [96, 192, 300],
  article_pics: [400, 800],
  media_thumbnails: [240, 480],
  media: [640, 1200],
  body_pics: [640, 1280],
} as const;

export type PictureArea = keyof typeof VARIANT_WIDTHS;

// Only these originals get variants; anything else (SVG, an AVIF upload...) is served as it is.
const HAS_VARIANTS = /\.(jpe?g|png|webp|gif)$/i;

/** `srcset` value of one format, or null when the file has no variants. */
export function variantSrcset(src: string, area: PictureArea, format: "avif" | "webp"): string | null {
  if (!HAS_VARIANTS.test(src) || !src.startsWith(`/uploads/${area}/`)) return null;
  const stem = src.replace(/\.[^./]+$/, "");
  return VARIANT_WIDTHS[area].map((w) => `${stem}-${w}.${format} ${w}w`).join(", ");
}
