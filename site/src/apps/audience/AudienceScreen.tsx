/**
 * /admin/audience, « Audience » (issue 35 §1): visits and pages read over 7 days, 30 days or 12 months (a chart
 * with its data table), then the most read articles, media library downloads, event pages, newsletter issues in
 * the archive, referring sites, devices and feeds; the whole period as CSV. Counted on the server without cookies
 * (docs/DECISIONS.md « Readership statistics »); the day's figures reach the database at each flush.
 */
import { useStore } from "@nanostores/react";
import type { AudiencePeriod, AudienceReport } from "../../../../api/contract";
import { useResource } from "../lib/query";
import { ScreenHead } from "../ui/ScreenHead";
import { AudienceChart } from "./AudienceChart";
import { pluralWord } from "../../lib/format";
import { DEVICE_LABELS } from "../../../../shared/audience";
import { count, PERIODS, pointLabelLong } from "./labels";
import { $audience, $period, exportHref } from "./stores";
import { TopTable, type TopRow } from "./TopTable";
import "./AudienceScreen.css";

type Item = AudienceReport["articles"][number];

const linked = (items: Item[]): TopRow[] =>
  items.map((i) => ({ key: i.path, label: <a href={encodeURI(i.path)}>{i.title ?? i.path}</a>, count: i.count }));

const PERIOD_WORDS: Record<AudiencePeriod, string> = { "7d": "les 7 derniers jours", "30d": "les 30 derniers jours", "12m": "les 12 derniers mois" };

export default function AudienceScreen() {
  const period = useStore($period);
  const { data, loading, error } = useResource($audience, "Erreur lors du chargement de l'audience.");
  return (
    <section className="admin-audience">
      <ScreenHead
        title="Audience"
        action={
          <a className="btn" href={exportHref(period)} download>
            Exporter en CSV
          </a>
        }
      />
      <p className="audience-intro">
        Mesurée par le serveur, sans cookie ni traceur tiers. Chaque visiteur compte une fois par page et par jour. Les
        robots et les préchargements ne sont pas comptés. Les chiffres du jour sont mis à jour toutes les minutes.
      </p>
      <div className="audience-periods" role="group" aria-label="Période">
        {PERIODS.map((p) => (
          <button key={p.value} type="button" className="btn btn-small btn-outline" aria-pressed={period === p.value} onClick={() => $period.set(p.value)}>
            {p.label}
          </button>
        ))}
      </div>
      {error ? (
        <p className="audience-error" role="alert">
          {error}
        </p>
      ) : loading || !data ? (
        <p role="status">Chargement...</p>
      ) : (
        <Report data={data} />
      )}
    </section>
  );
}

function Report({ data }: { data: AudienceReport }) {
  const words = PERIOD_WORDS[data.period];
  return (
    <>
      <p className="audience-range">
        Du {pointLabelLong(data.from)} au {pointLabelLong(data.to)}
      </p>
      <ul className="audience-totals">
        <li>
          <strong>{count(data.totals.visits)}</strong> {pluralWord(data.totals.visits, "visite")}
        </li>
        <li>
          <strong>{count(data.totals.views)}</strong> {pluralWord(data.totals.views, "page vue", "pages vues")}
        </li>
        <li>
          <strong>{count(data.totals.downloads)}</strong> {pluralWord(data.totals.downloads, "téléchargement")}
        </li>
        <li>
          <strong>{count(data.totals.feeds)}</strong> {pluralWord(data.totals.feeds, "lecture des flux", "lectures des flux")}
        </li>
      </ul>
      <AudienceChart
        points={data.series}
        title={`Visites et pages vues sur ${words}`}
        tableTitle={`Visites et pages vues par ${data.period === "12m" ? "mois" : "jour"}`}
      />
      <div className="audience-tops">
        <TopTable caption="Articles les plus lus" what="Article" unit="Pages vues" rows={linked(data.articles)} />
        <TopTable caption="Téléchargements de la médiathèque" what="Fichier" unit="Téléchargements" rows={linked(data.downloads)} />
        <TopTable caption="Pages d'événements" what="Événement" unit="Pages vues" rows={linked(data.events)} />
        <TopTable
          caption="Numéros de la lettre"
          what="Numéro (archives)"
          unit="Pages vues"
          rows={linked(data.newsletterIssues)}
          note="Lectures des numéros dans les archives du site. Les ouvertures des courriels ne sont pas mesurées (ni pixel ni lien de suivi)."
        />
        <TopTable
          caption="Sites référents"
          what="Site"
          unit="Visites"
          rows={data.referrers.map((r) => ({ key: r.host, label: r.host, count: r.count }))}
          note="Seul le nom du site d'origine est gardé, jamais l'adresse complète."
        />
        <TopTable
          caption="Appareils"
          what="Type d'appareil"
          unit="Visiteurs"
          rows={data.devices.map((d) => ({ key: d.device, label: DEVICE_LABELS[d.device], count: d.count }))}
          note="Déduit du navigateur. Le pays n'est pas mesuré (aucune table de correspondance hors ligne)."
        />
        <TopTable caption="Pages les plus lues" what="Page" unit="Pages vues" rows={linked(data.pages)} />
        <TopTable caption="Flux" what="Flux" unit="Lectures" rows={linked(data.feeds)} />
      </div>
    </>
  );
}
