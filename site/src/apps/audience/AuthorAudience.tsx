/**
 * « Lectures de mes articles » on /user/dashboard: the viewer's own articles, pages read over the last 30 days (a
 * chart with its table, then one row per article). Its own lazy chunk, so the dashboard's first load stays as
 * light as before (bench/apps-weight.ts). The server answers for the viewer's articles only.
 */
import { api, call } from "../lib/api";
import { resource, useResource } from "../lib/query";
import { AudienceChart } from "./AudienceChart";
import { pluralWord } from "../../lib/format";
import { count } from "./labels";
import { TopTable } from "./TopTable";

export const $authorAudience = resource("/api/user/audience", () =>
  call(api.user.audience.get({ query: { period: "30d" } }), "Erreur lors du chargement des lectures."),
);

export default function AuthorAudience() {
  const { data, loading, error } = useResource($authorAudience, "Erreur lors du chargement des lectures.");
  return (
    <section className="author-audience" aria-labelledby="author-audience-title">
      <h2 id="author-audience-title">Lectures de mes articles</h2>
      {error ? (
        <p role="alert">{error}</p>
      ) : loading || !data ? (
        <p role="status">Chargement...</p>
      ) : data.articles.length === 0 ? (
        <p>Vos articles apparaîtront ici avec leur nombre de lectures.</p>
      ) : (
        <>
          <p>
            <strong>{count(data.total)}</strong> {pluralWord(data.total, "page vue", "pages vues")} de vos articles sur les 30 derniers jours (chaque lecteur compte une fois par article et
            par jour).
          </p>
          <AudienceChart points={data.series} title="Pages vues de mes articles, 30 derniers jours" tableTitle="Pages vues de mes articles par jour" withVisits={false} />
          <TopTable
            caption="Mes articles"
            what="Article"
            unit="Pages vues"
            rows={data.articles.map((a) => ({ key: a.path, label: <a href={encodeURI(a.path)}>{a.title ?? a.path}</a>, count: a.count }))}
          />
        </>
      )}
    </section>
  );
}
