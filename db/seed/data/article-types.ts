/** One demo article; body sections are completed from the theme pools (see ../content.ts). */
export type ArticleSeed = {
  title: string;
  /** Theme keys (see themes.ts), the first one leads. */
  themes: string[];
  /** Author nicknames in display order. */
  authors: string[];
  keywords: string[];
  lead: string;
  points: string[];
  quote?: string;
  /** false: no article picture. */
  pic?: boolean;
  approved?: boolean;
  online?: boolean;
  /** Media keys (see media.ts), in display order. */
  media?: string[];
};
