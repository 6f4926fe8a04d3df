/**
 * /admin/site: the live build (when, how long, which changes it carried), a build in progress (followed every
 * 2 s while one runs or waits), the last failed build with its log, and « Reconstruire le site ».
 */
import { useEffect, useState } from "react";
import type { SiteStatus } from "../../../../api/contract";
import { api, call, errorText } from "../lib/api";
import { resource, revalidate, useResource } from "../lib/query";
import { toast } from "../stores/toasts";
import { ScreenHead } from "../ui/ScreenHead";
import { changesText, durationText, momentText, recoveryText } from "./site-text";
import "./SiteScreen.css";

const PATH = "/api/admin/site";
/** How often a running build is followed (the brief: every 2 s while building). */
const POLL_MS = 2_000;

export const $siteStatus = resource(PATH, () => call(api.admin.site.get(), "Erreur lors du chargement de l'état du site"));

/** Something is running or about to: keep following. */
export function inProgress(s: SiteStatus | undefined): boolean {
  return !!s && (s.building !== null || s.queued || s.pending.length > 0);
}

export default function SiteScreen() {
  const { data, loading, error } = useResource($siteStatus, "Erreur lors du chargement de l'état du site");
  const [asking, setAsking] = useState(false);
  // Just asked: the build may not show as running yet; follow until it does and ends.
  const [followUntil, setFollowUntil] = useState(0);
  const follow = inProgress(data) || Date.now() < followUntil;

  useEffect(() => {
    if (!follow) return;
    const timer = setInterval(() => revalidate(PATH), POLL_MS);
    return () => clearInterval(timer);
  }, [follow]);

  const rebuild = async () => {
    setAsking(true);
    try {
      const answer = await call(api.admin.site.rebuild.post(), "Erreur lors de la demande de reconstruction.");
      toast.success(answer.message);
      setFollowUntil(Date.now() + 3 * POLL_MS);
      revalidate(PATH);
    } catch (e) {
      toast.error(errorText(e, "Erreur lors de la demande de reconstruction."));
    } finally {
      setAsking(false);
    }
  };

  const action = (
    <button type="button" className="btn" onClick={() => void rebuild()} disabled={asking} aria-busy={asking || undefined}>
      {asking && <span aria-hidden="true">⏳ </span>}
      Reconstruire le site
    </button>
  );

  return (
    <section className="admin-site">
      <ScreenHead title="Site" action={action} />
      {loading && <p role="status">Chargement...</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {data && (
        <>
          {data.lastBuildFailed && (
            <p className="site-alert" role="alert">
              La dernière reconstruction a échoué&nbsp;: le site public montre la version précédente.
              {data.recovery?.nextRetryAt && " Un nouvel essai automatique est prévu."}
            </p>
          )}
          <div className="site-cards">
            <section className="card site-card" aria-labelledby="site-live">
              <h2 id="site-live">Version en ligne</h2>
              {data.live ? (
                <dl className="site-facts">
                  <dt>Publiée le</dt>
                  <dd>{momentText(data.live.finishedAt)}</dd>
                  <dt>Durée de construction</dt>
                  <dd>{durationText(data.live.durationMs)}</dd>
                  <dt>Changements</dt>
                  <dd>{changesText(data.live.changes)}</dd>
                </dl>
              ) : (
                <p className="muted">Aucune version construite pour le moment.</p>
              )}
            </section>
            <section className="card site-card" aria-labelledby="site-building">
              <h2 id="site-building">Reconstruction en cours</h2>
              <div role="status">
                {data.building ? (
                  <dl className="site-facts">
                    <dt>Commencée le</dt>
                    <dd>
                      <span aria-hidden="true">⏳ </span>
                      {momentText(data.building.startedAt)}
                    </dd>
                    <dt>Changements</dt>
                    <dd>{changesText(data.building.changes)}</dd>
                    {(data.queued || data.pending.length > 0) && (
                      <>
                        <dt>Ensuite</dt>
                        <dd>Une autre reconstruction suivra ({changesText(data.pending)}).</dd>
                      </>
                    )}
                  </dl>
                ) : data.pending.length > 0 ? (
                  <p>Une reconstruction va commencer ({changesText(data.pending)}).</p>
                ) : (
                  <p className="muted">Aucune reconstruction en cours.</p>
                )}
              </div>
            </section>
          </div>
          <section className="site-failure" aria-labelledby="site-failure">
            <h2 id="site-failure">Dernier échec</h2>
            {data.lastFailure ? (
              <>
                <p>
                  {momentText(data.lastFailure.finishedAt)}, après {durationText(data.lastFailure.durationMs)}
                  {data.lastFailure.timedOut ? " (délai dépassé, construction arrêtée)" : ""} — {changesText(data.lastFailure.changes)}.
                </p>
                {data.recovery && <p className="site-recovery">{recoveryText(data.recovery)}</p>}
                <pre className="site-log" tabIndex={0} aria-label="Journal de la construction échouée">
                  {data.lastFailure.log || "(journal vide)"}
                </pre>
              </>
            ) : (
              <p className="muted">Aucune reconstruction n'a échoué.</p>
            )}
          </section>
          <p>
            <a href="/admin/audit">Voir le journal des modifications</a>
          </p>
        </>
      )}
    </section>
  );
}
