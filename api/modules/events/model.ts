import { t, type Static } from "elysia";
import { UserSummary } from "../members/summary";
import { ThemeRef } from "../themes/model";

export const Event = t.Object({
  _id: t.String(),
  title: t.String(),
  url: t.String(),
  location: t.String(),
  startDate: t.String(),
  endDate: t.String(),
  txt_content: t.String(),
  html_content: t.String(),
  keywords: t.Array(t.String()),
  organizers: t.Array(UserSummary),
  themes: t.Array(ThemeRef),
  online: t.Boolean(),
  createdAt: t.String(),
});

export type Event = Static<typeof Event>;
