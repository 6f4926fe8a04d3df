/**
 * /admin/newsletter, « Lettre d'information »: the subscribers, newest first, one server page at a time (address,
 * state, origin, dates), filtered by state and searched; the CSV export of the same selection; a subscriber can be
 * deleted (personal data), after confirmation. Composing and sending issues: « Numéros de la lettre » (/admin/lettre).
 */
import { useStore } from "@nanostores/react";
import type { SubscriberSummary } from "../../../../api/contract";
import { api, call, errorText } from "../lib/api";
import { invalidate, useResource } from "../lib/query";
import { toast } from "../stores/toasts";
import { confirm } from "../ui/ConfirmDialog";
import type { Column } from "../ui/DataTable";
import { ListSearch } from "../ui/ListSearch";
import { ListSelect } from "../ui/ListSelect";
import { ListTable } from "../ui/ListTable";
import { ScreenHead } from "../ui/ScreenHead";
import { useShown } from "../ui/use-shown";
import { momentText } from "../site/site-text";
import { countLabel, exportHref, sourceText, stateBadge, stateText, SUBSCRIBER_STATES } from "./subscriber-list";
import { $subscriberPage, PATH, subscriberList } from "./stores";

export default function NewsletterScreen() {
  const query = useStore(subscriberList.$state);
  const { data, loading, error } = useResource($subscriberPage, "Erreur lors du chargement des abonnés.");
  const shown = useShown(data);

  const remove = async (s: SubscriberSummary) => {
    if (!(await confirm(`Supprimer l'abonné ${s.email}\u00a0? Son adresse et son consentement seront effacés.`))) return;
    try {
      await call(api.admin.newsletter.subscribers({ id: s._id }).delete(), "Erreur lors de la suppression.");
      toast.success("Abonné supprimé.", { action: `delete:${s._id}` });
      invalidate(PATH);
    } catch (e) {
      toast.error(errorText(e, "Erreur lors de la suppression."), { action: `delete:${s._id}` });
    }
  };

  const columns: Column<SubscriberSummary>[] = [
    { key: "email", header: "Adresse e-mail", rowHeader: true, cell: (s) => s.email },
    { key: "state", header: "État", cell: (s) => <span className={stateBadge(s.state)}>{stateText(s.state)}</span> },
    { key: "source", header: "Origine", cell: (s) => `${sourceText(s.source)}${s.member ? " (membre)" : ""}` },
    { key: "recent", header: "Inscription", className: "nowrap", cell: (s) => momentText(s.createdAt) },
    { key: "confirmed", header: "Confirmation", className: "nowrap", cell: (s) => (s.confirmedAt ? momentText(s.confirmedAt) : <span className="muted">-</span>) },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      label: "Actions",
      className: "row-actions",
      cell: (s) => (
        <button type="button" className="btn btn-small btn-outline" onClick={() => void remove(s)}>
          Supprimer<span className="sr-only"> {s.email}</span>
        </button>
      ),
    },
  ];

  const total = shown?.total ?? 0;
  const filtered = Boolean(query.q.trim() || query.filters.state);
  return (
    <section className="admin-newsletter">
      <ScreenHead
        title="Lettre d'information"
        action={
          <a className="btn" href={exportHref(query.filters.state, query.q)} download>
            Exporter en CSV
          </a>
        }
      />
      <div className="list-tools">
        <p className="list-count" aria-live="polite">
          {shown ? countLabel(total) : ""}
        </p>
        <ListSearch label="Rechercher un abonné" value={query.q} onSearch={(q) => subscriberList.change({ q }, { replace: query.q.trim() !== "" })} />
        <ListSelect label="Afficher" value={query.filters.state ?? ""} options={SUBSCRIBER_STATES} onChange={(v) => subscriberList.change({ filters: { state: v || undefined } })} />
      </div>
      <ListTable
        list={subscriberList}
        state={query}
        page={shown}
        caption="Abonnés"
        count={countLabel}
        columns={columns}
        rowKey={(s) => s._id}
        loading={loading}
        error={error}
        empty={filtered ? "Aucun abonné dans cette sélection." : "Aucun abonné pour le moment."}
      />
    </section>
  );
}
