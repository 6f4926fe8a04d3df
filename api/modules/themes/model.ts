import { t, type Static } from "elysia";

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
