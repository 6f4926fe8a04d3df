import { t, type Static } from "elysia";
import { strict } from "../../lib/strict-schema";
import { bulkBodySchema } from "../../lib/bulk";
import { listPageSchema, listQuerySchema } from "../../lib/list-query";

export const ThemeRef = t.Object({ _id: t.String(), name: t.String(), url: t.String() });

export type ThemeRef = Static<typeof ThemeRef>;

export const Theme = t.Object({
  _id: t.String(),
  name: t.String(),
  url: t.String(),
  keywords: t.Array(t.String()),
});

export type Theme = Static<typeof Theme>;

export const ThemeWithCount = t.Object({ _id: t.String(), name: t.String(), url: t.String(), count: t.Number() });

export type ThemeWithCount = Static<typeof ThemeWithCount>;

/** A theme as admins list it: with how many articles and events carry it (the delete dialog says so). */
export const AdminTheme = t.Object({
  _id: t.String(),
  name: t.String(),
  url: t.String(),
  keywords: t.Array(t.String()),
  articles: t.Number(),
  events: t.Number(),
});

export type AdminTheme = Static<typeof AdminTheme>;

/** The theme form (JSON): name and url required once trimmed, keywords a list (comma text is split too). */
export const ThemeBody = strict(t.Object({
  name: t.String({ pattern: "\\S", maxLength: 100, error: "Le nom du thème est obligatoire (100 caractères au plus)." }),
  // The url is a path segment (/articles/{url}, /rss/{url}.xml): the spec's hint "no spaces or special
  // characters" is enforced here, or a slash or a space would break the site's pages.
  url: t.String({
    pattern: "^\\s*[A-Za-z0-9_-]{1,100}\\s*$",
    error: "L'URL du thème est obligatoire\u00a0: lettres sans accents, chiffres, tirets ou soulignés, sans espace.",
  }),
  keywords: t.Optional(
    t.Array(t.String({ maxLength: 60, error: "Un mot-clé est trop long (60 caractères au plus)." }), {
      maxItems: 50,
      error: "Trop de mots-clés (50 au plus).",
    }),
  ),
}));

export type ThemeBody = Static<typeof ThemeBody>;

export const DeletedTheme = t.Object({
  message: t.String(),
  _id: t.String(),
  name: t.String(),
  /** How many articles and events lost this theme. */
  unlinked: t.Object({ articles: t.Number(), events: t.Number() }),
});

export type DeletedTheme = Static<typeof DeletedTheme>;

/** GET /api/admin/themes: every theme (the spec's array); with `page`, one page, searched by name. */
export const ThemesQuery = listQuerySchema(["name"] as const, {});

export type ThemesQuery = Static<typeof ThemesQuery>;

/** A page of themes, with the total for the pager. */
export const ThemePage = listPageSchema(AdminTheme);

export type ThemePage = Static<typeof ThemePage>;

export const THEME_BULK_ACTIONS = ["delete"] as const;

export const THEME_NOUNS = { one: "thème", many: "thèmes", noMatch: "Aucun thème ne correspond à la sélection." };

/**
 * POST /api/admin/themes/bulk (issue 19 §1): delete the chosen themes (`ids`) or every theme matching the list's
 * search (`filter`). Their articles and events lose them, as with one deletion.
 */
export const BulkThemesBody = bulkBodySchema(THEME_BULK_ACTIONS, {}, {}, THEME_NOUNS);

export type BulkThemesBody = Static<typeof BulkThemesBody>;
