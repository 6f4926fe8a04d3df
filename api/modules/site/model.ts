import { t, type Static } from "elysia";

/** What a write touched (api/lib/change.ts). */
export const ChangeRef = t.Object({ kind: t.String(), id: t.Optional(t.String()) });

const Build = {
  id: t.String(),
  startedAt: t.String(),
  changes: t.Array(ChangeRef),
};

/** The state of the public site for the admin's « Site » screen. */
export const SiteStatus = t.Object({
  /** The build now live: when it finished, how long it took, which changes it carried. */
  live: t.Nullable(t.Object({ ...Build, finishedAt: t.String(), durationMs: t.Number() })),
  /** The build running now, if any. */
  building: t.Nullable(t.Object(Build)),
  /** A follow-up build is already waiting for the running one. */
  queued: t.Boolean(),
  /** Changes waiting for the next build. */
  pending: t.Array(ChangeRef),
  /** The latest failed build, with the end of its log. */
  lastFailure: t.Nullable(
    t.Object({ ...Build, finishedAt: t.String(), durationMs: t.Number(), log: t.String(), timedOut: t.Boolean() }),
  ),
  /** True when the most recent finished build failed (the live site is then older than the content). */
  lastBuildFailed: t.Boolean(),
  /**
   * What the builder did by itself about the latest failure (issue 31 §4): how many builds it started since
   * (a full build at once after a failed partial one, then later tries), whether one succeeded, when the next runs.
   */
  recovery: t.Nullable(
    t.Object({
      failedAt: t.String(),
      retries: t.Number(),
      recovered: t.Boolean(),
      recoveredAt: t.Nullable(t.String()),
      nextRetryAt: t.Nullable(t.String()),
    }),
  ),
});

export type SiteStatus = Static<typeof SiteStatus>;
