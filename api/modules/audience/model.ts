import { t, type Static } from "elysia";
import { strict } from "../../lib/strict-schema";

/** The three views of « Audience »: the last 7 days, the last 30 days (by day), the last 12 months (by month). */
export const AUDIENCE_PERIODS = ["7d", "30d", "12m"] as const;
export type AudiencePeriod = (typeof AUDIENCE_PERIODS)[number];

export const AudienceQuery = strict(
  t.Object({
    // Literals, not t.UnionEnum (which would give its first value as the default).
    period: t.Optional(t.Union([t.Literal("7d"), t.Literal("30d"), t.Literal("12m")], { error: "Période inconnue\u00a0: 7d, 30d ou 12m." })),
  }),
);

/** One point of the chart: a day (YYYY-MM-DD) or a month (YYYY-MM). */
export const AudiencePoint = t.Object({
  key: t.String(),
  /** Distinct visitors of each day, summed (a visitor of two days counts twice). */
  visits: t.Number(),
  /** Pages read, each counted once per visitor and day. */
  views: t.Number(),
});

/** A counted address with what it is now (an article's title…), or null when nothing carries that address any more. */
export const AudienceItem = t.Object({ path: t.String(), title: t.Union([t.String(), t.Null()]), count: t.Number() });

export const AudienceReport = t.Object({
  period: t.UnionEnum(AUDIENCE_PERIODS),
  /** First and last day covered (UTC = Dakar), inclusive. */
  from: t.String(),
  to: t.String(),
  series: t.Array(AudiencePoint),
  totals: t.Object({ visits: t.Number(), views: t.Number(), downloads: t.Number(), feeds: t.Number() }),
  articles: t.Array(AudienceItem),
  events: t.Array(AudienceItem),
  downloads: t.Array(AudienceItem),
  newsletterIssues: t.Array(AudienceItem),
  pages: t.Array(AudienceItem),
  feeds: t.Array(AudienceItem),
  referrers: t.Array(t.Object({ host: t.String(), count: t.Number() })),
  devices: t.Array(t.Object({ device: t.UnionEnum(["mobile", "tablet", "desktop"]), count: t.Number() })),
});
export type AudienceReport = Static<typeof AudienceReport>;

/** An author's own articles: views over the period, by day or month, and per article (issue 35 §1). */
export const AuthorAudience = t.Object({
  period: t.UnionEnum(AUDIENCE_PERIODS),
  from: t.String(),
  to: t.String(),
  series: t.Array(t.Object({ key: t.String(), views: t.Number() })),
  total: t.Number(),
  articles: t.Array(AudienceItem),
});
export type AuthorAudience = Static<typeof AuthorAudience>;
