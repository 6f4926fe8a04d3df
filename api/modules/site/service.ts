import type { Deps } from "../../deps";
import type { BuilderStatus } from "../../lib/site-builder";
import type { SiteStatus } from "./model";

/** Whether the most recent finished build failed, also right after a restart (from the kept history). */
export function lastBuildFailed(s: BuilderStatus): boolean {
  if (s.last) return !s.last.ok;
  if (!s.lastFailure) return false;
  return !s.lastSuccess || s.lastFailure.finishedAt > s.lastSuccess.finishedAt;
}

export function siteStatus(builder: Deps["builder"]): SiteStatus {
  const s = builder.status();
  const ok = s.lastSuccess;
  const failed = s.lastFailure;
  return {
    live:
      ok && s.live
        ? { id: ok.id, startedAt: ok.startedAt, finishedAt: ok.finishedAt, durationMs: ok.durationMs, changes: ok.changes ?? [] }
        : null,
    building: s.current,
    queued: s.queued,
    pending: s.pending,
    lastFailure: failed
      ? {
          id: failed.id,
          startedAt: failed.startedAt,
          finishedAt: failed.finishedAt,
          durationMs: failed.durationMs,
          changes: failed.changes ?? [],
          log: failed.log,
          timedOut: failed.timedOut === true,
        }
      : null,
    lastBuildFailed: lastBuildFailed(s),
    recovery: s.recovery
      ? {
          failedAt: s.recovery.failedAt,
          retries: s.recovery.retries,
          recovered: s.recovery.recovered,
          recoveredAt: s.recovery.recoveredAt,
          nextRetryAt: s.recovery.nextRetryAt,
        }
      : null,
  };
}
