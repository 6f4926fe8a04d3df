/**
 * /admin/dashboard (spec §2): today's date in French long form, cards linking to each list with its count
 * (members split into admins and users), then what an editor needs first: articles and media waiting for
 * approval (linking to the filtered lists), unread contact messages, and a failed last build.
 */
import { plural, pluralWord } from "../../lib/format";
import { api, call } from "../lib/api";
import { resource, useResource } from "../lib/query";
import { todayLong } from "./today";
import { DashCard } from "./DashCard";
import "./AdminDashboard.css";

export const $adminStats = resource("/api/admin/stats", () => call(api.admin.stats.get(), "Erreur lors du chargement des statistiques"));

export default function AdminDashboard() {
  const { data, loading, error } = useResource($adminStats, "Erreur lors du chargement des statistiques");
  const n = (v: number | undefined) => (loading ? "…" : String(v ?? 0));
  const todo: { href: string; text: string; alert?: boolean }[] = data
    ? [
        data.pendingArticles > 0 && {
          href: "/admin/articles?status=pending",
          text: `${plural(data.pendingArticles, "article")} en attente d'approbation`,
        },
        data.pendingMedia > 0 && { href: "/admin/media?status=pending", text: `${plural(data.pendingMedia, "média")} en attente d'approbation` },
        data.unreadMessages > 0 && { href: "/admin/contact", text: `${plural(data.unreadMessages, "message non lu", "messages non lus")}` },
        data.lastBuildFailed && {
          href: "/admin/site",
          text: `La dernière reconstruction du site a échoué${data.buildRetryPlanned ? " (nouvel essai automatique prévu)" : ""}`,
          alert: true,
        },
      ].filter((x): x is { href: string; text: string; alert?: boolean } => Boolean(x))
    : [];
  return (
    <section className="admin-dashboard">
      <h1>Tableau de bord</h1>
      <p className="dash-date">{todayLong()}</p>
      {error && (
        <p className="dash-error" role="alert">
          {error}
        </p>
      )}
      <ul className="dash-cards">
        <DashCard href="/admin/users" figure={n(data?.members.total)} label="Membres" busy={loading}>
          <p className="dash-split">
            {n(data?.members.admins)} {pluralWord(data?.members.admins ?? 0, "administrateur")} ·{" "}
            {n(data?.members.users)} {pluralWord(data?.members.users ?? 0, "membre")}
          </p>
        </DashCard>
        <DashCard href="/admin/articles" figure={n(data?.articles)} label="Articles" busy={loading}>
          {/* Published means what readers see: approved and online; the pending ones apart (issue 19 §3.19). */}
          <p className="dash-split">
            {n(data?.publishedArticles)} {pluralWord(data?.publishedArticles ?? 0, "publié")}
            {data && data.pendingArticles > 0 && (
              <>
                {" · "}
                <a href="/admin/articles?status=pending">{data.pendingArticles} en attente</a>
              </>
            )}
          </p>
        </DashCard>
        <DashCard href="/admin/media" figure={n(data?.media)} label="Médias" busy={loading} />
        <DashCard href="/admin/themes" figure={n(data?.themes)} label="Thèmes" busy={loading} />
        <DashCard href="/admin/events" figure={n(data?.events)} label="Événements" busy={loading} />
      </ul>
      <h2>À traiter</h2>
      {loading ? (
        <p role="status">Chargement...</p>
      ) : todo.length === 0 ? (
        <p className="muted">Rien en attente&nbsp;: aucun contenu à approuver, aucun message non lu.</p>
      ) : (
        <ul className="dash-todo">
          {todo.map((t) => (
            <li key={t.href} className={t.alert ? "is-alert" : undefined}>
              <a href={t.href}>{t.text}</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
