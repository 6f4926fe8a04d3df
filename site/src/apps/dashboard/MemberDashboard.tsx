/**
 * /user/dashboard (spec §2): the member's picture (or the default avatar), full name, and three cards: profile
 * completion, « Articles publiés » (approved and online only: what readers can see) with the articles waiting for
 * approval apart, linking to that filtered list, and « Fichiers médias ». Counts fall back to 0 when the statistics
 * fail. Below them, the author's readership figures (issue 35 §1, audience/AuthorAudience.tsx).
 */
import { lazy, Suspense } from "react";
import { fullName, plural } from "../../lib/format";
import { api, call } from "../lib/api";
import { resource, useResource } from "../lib/query";
import { useViewer } from "../stores/viewer";
import { Avatar } from "../ui/Avatar";
import { profileCompletion } from "./completion";
import { DashCard } from "./DashCard";
import "./MemberDashboard.css";

// The author's readership figures load after the cards, in their own chunk (issue 35 §1).
const AuthorAudience = lazy(() => import("../audience/AuthorAudience"));

export const $memberStats = resource("/api/user/stats", () => call(api.user.stats.get(), "Erreur lors du chargement des statistiques"));

export default function MemberDashboard() {
  const viewer = useViewer();
  const stats = useResource($memberStats);
  const completion = profileCompletion(viewer);
  const name = fullName({ firstname: viewer.firstname, name: viewer.lastname || viewer.name });
  const count = (n: number | undefined) => (stats.loading ? "…" : String(n ?? 0));
  return (
    <section className="member-dashboard">
      <h1>Tableau de bord</h1>
      <div className="dash-hello">
        <Avatar file={viewer.profilePic} name={name} size={96} decorative />
        <p>
          Bonjour <strong>{name}</strong>
        </p>
      </div>
      <ul className="dash-cards">
        <DashCard href="/user/profile" figure={`${completion} %`} label="Profil complété">
          <progress className="dash-progress" max={100} value={completion} aria-label="Complétion du profil" />
        </DashCard>
        <DashCard href="/user/articles" figure={count(stats.data?.published)} label="Articles publiés" busy={stats.loading}>
          {(stats.data?.pending ?? 0) > 0 && (
            <p className="dash-split">
              <a href="/user/articles?status=pending">{plural(stats.data!.pending, "article")} en attente d'approbation</a>
            </p>
          )}
        </DashCard>
        <DashCard href="/user/media" figure={count(stats.data?.media)} label="Fichiers médias" busy={stats.loading} />
      </ul>
      <Suspense fallback={<p role="status">Chargement...</p>}>
        <AuthorAudience />
      </Suspense>
    </section>
  );
}
