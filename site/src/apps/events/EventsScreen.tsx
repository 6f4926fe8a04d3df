/**
 * /admin/events (spec §2): create button; table with title, place, dates as start → end, the online state and
 * its toggle (« Événement mis en ligne ! » / « Événement mis hors ligne ! »), edit and delete.
 * Issue 19 §1: the count (Aucun événement / 1 événement / n événements), a search (title, place, keywords;
 * accents ignored), the online / offline, to come / over, theme and date filters, three sorts and 25 / 50 / 100
 * rows, all applied by the server one page at a time, the state in the address like /admin/articles; bulk
 * actions: put online, put offline, delete.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { Event } from "../../../../api/contract";
import { api, call, errorText } from "../lib/api";
import { invalidate, revalidate, useResource } from "../lib/query";
import { toast } from "../stores/toasts";
import { $adminThemes } from "../themes/stores";
import { BulkBar, selectColumn, useSelection, type BulkAction } from "../ui/BulkBar";
import { confirm } from "../ui/ConfirmDialog";
import { actionsColumn } from "../ui/actions-column";
import type { Column } from "../ui/DataTable";
import { FormField } from "../ui/FormField";
import { ListSearch } from "../ui/ListSearch";
import { choicesOf, ListSelect } from "../ui/ListSelect";
import { isFiltered } from "../ui/list-state";
import { ListTable } from "../ui/ListTable";
import { ScreenHead } from "../ui/ScreenHead";
import { formatScheduled } from "../lib/scheduled";
import { StatusBadge } from "../ui/StatusBadge";
import { useShown } from "../ui/use-shown";
import { periodText } from "./event-form";
import { EventForm } from "./EventForm";
import { EVENT_PERIODS, EVENT_SORTS, EVENT_STATUSES, eventCount, type EventFilter } from "./list-query";
import { $eventPage, eventList, EVENTS_PATH } from "./stores";
import "./EventsScreen.css";

type BulkEventAction = "online" | "offline" | "delete";

const BULK_ACTIONS: readonly BulkAction<BulkEventAction>[] = [
  { value: "online", label: "Mettre en ligne", question: (n) => `Mettre en ligne ${n}\u00a0?` },
  { value: "offline", label: "Mettre hors ligne", question: (n) => `Mettre hors ligne ${n}\u00a0?` },
  { value: "delete", label: "Supprimer", question: (n) => `Supprimer ${n}\u00a0? Cette action est irréversible.` },
];

/** After any event write: the list and the dashboard's counts reload, the rows staying on screen meanwhile. */
const eventsChanged = () => revalidate(EVENTS_PATH, "/api/admin/stats");

/** « Inscrits : 12 », « Inscrits : 50 + 3 en attente » (the counts come with the back office's list). */
export function registeredText(counts: { confirmed: number; waiting: number } | undefined): string {
  if (!counts) return "Inscrits";
  return `Inscrits\u00a0: ${counts.confirmed}${counts.waiting > 0 ? ` + ${counts.waiting} en attente` : ""}`;
}

export default function EventsScreen() {
  const query = useStore(eventList.$state);
  const { data, loading, error } = useResource($eventPage, "Erreur lors du chargement des événements");
  const themes = useResource($adminThemes, "Erreur lors du chargement des thèmes");
  const shown = useShown(data);
  const [editing, setEditing] = useState<{ event: Event | null } | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const { selection, setSelection, toggle } = useSelection(useStore(eventList.$key));

  const change = eventList.change;
  const filter = (name: EventFilter, value: string) => change({ filters: { [name]: value || undefined } });

  const mark = (id: string, on: boolean) =>
    setBusy((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const toggleOnline = async (e: Event) => {
    mark(e._id, true);
    try {
      const state = await call(api.admin.events({ id: e._id }).online.put(), "Erreur changement statut online");
      toast.success(state.online ? "Événement mis en ligne\u00a0!" : "Événement mis hors ligne\u00a0!");
      eventsChanged();
    } catch (err) {
      toast.error(`Erreur lors du changement de statut\u00a0: ${errorText(err, "Erreur changement statut online")}`);
    } finally {
      mark(e._id, false);
    }
  };

  const remove = async (e: Event) => {
    if (!(await confirm("Supprimer cet événement\u00a0?", { confirmLabel: "Supprimer" }))) return;
    try {
      await call(api.admin.events({ id: e._id }).delete(), "Erreur suppression événement");
      toast.success("Événement supprimé.");
      invalidate(EVENTS_PATH, "/api/admin/stats");
    } catch (err) {
      toast.error(`Erreur lors de la suppression\u00a0: ${errorText(err, "Erreur suppression événement")}`);
    }
  };

  const columns: Column<Event>[] = [
    selectColumn<Event>(selection, toggle, (e) => e._id, (e) => e.title),
    { key: "title", header: "Titre", rowHeader: true, sortable: true, cell: (e) => e.title },
    { key: "location", header: "Lieu", cell: (e) => e.location },
    {
      key: "start",
      header: "Dates",
      sortable: true,
      sortDir: "desc",
      // Each date whole, on its own line.
      cell: (e) => {
        const [start, end] = periodText(e.startDate, e.endDate).split(" → ");
        return (
          <span className="event-dates">
            <span className="nowrap">{start}</span> {end && <span className="nowrap">→ {end}</span>}
          </span>
        );
      },
    },
    {
      key: "online",
      header: "En ligne",
      cell: (e) => (
        <>
          <StatusBadge kind="online" value={e.online} />
          {e.publishAt && <span className="badge"> Programmé le {formatScheduled(e.publishAt)}</span>}
        </>
      ),
    },
    actionsColumn<Event>({
      label: (e) => ` : ${e.title}`,
      onEdit: (e) => setEditing({ event: e }),
      onDelete: (e) => void remove(e),
      // The registrants' list sits with the row's actions (a column of its own pushed the table past 1280 px).
      before: (e) => (
        <>
          {(e.registration.open || e.registration.capacity !== null) && (
            <a className="btn btn-small btn-outline" href={`/admin/inscriptions?event=${encodeURIComponent(e._id)}`}>
              {registeredText(e.registration.counts)}
              <span className="sr-only">{` à ${e.title}`}</span>
            </a>
          )}
          <button
            type="button"
            className="btn btn-small btn-outline"
            disabled={busy.has(e._id)}
            aria-busy={busy.has(e._id) || undefined}
            onClick={() => void toggleOnline(e)}
          >
            {e.online ? "Mettre hors ligne" : "Mettre en ligne"}
            <span className="sr-only"> : {e.title}</span>
          </button>
        </>
      ),
    }),
  ];

  const total = shown?.total ?? 0;
  const filtered = isFiltered(query);
  return (
    <section className="admin-events">
      <ScreenHead
        title="Événements"
        action={
          <button type="button" className="btn" onClick={() => setEditing({ event: null })}>
            Nouvel événement
          </button>
        }
      />
      <div className="list-tools">
        <p className="list-count" aria-live="polite">
          {shown ? eventCount(total) : ""}
        </p>
        <ListSearch label="Rechercher un événement" value={query.q} onSearch={(q) => change({ q }, { replace: query.q.trim() !== "" })} />
        <ListSelect label="Afficher" value={query.filters.status ?? ""} options={EVENT_STATUSES} onChange={(v) => filter("status", v)} />
        <ListSelect label="Période" value={query.filters.when ?? ""} options={EVENT_PERIODS} onChange={(v) => filter("when", v)} />
        <ListSelect label="Thème" value={query.filters.theme ?? ""} options={choicesOf(themes.data ?? [])} onChange={(v) => filter("theme", v)} first="Tous les thèmes" />
        <FormField label="Débutant le ou après le" className="list-tool list-date">
          {(field) => <input {...field} type="date" value={query.filters.from ?? ""} onChange={(e) => filter("from", e.target.value)} />}
        </FormField>
        <FormField label="Jusqu'au" className="list-tool list-date">
          {(field) => <input {...field} type="date" value={query.filters.to ?? ""} onChange={(e) => filter("to", e.target.value)} />}
        </FormField>
        <ListSelect label="Trier" value={query.sort} options={EVENT_SORTS} onChange={(sort) => change({ sort })} />
      </div>
      <BulkBar
        selection={selection}
        setSelection={setSelection}
        pageIds={(shown?.items ?? []).map((e) => e._id)}
        total={total}
        state={query}
        actions={BULK_ACTIONS}
        countLabel={eventCount}
        noneSelected="Aucun événement sélectionné"
        run={(action, target) => call(api.admin.events.bulk.post({ action, ...target } as never), "Erreur lors de l'action groupée.")}
        changed={eventsChanged}
      />
      <ListTable
        list={eventList}
        state={query}
        page={shown}
        caption="Événements"
        count={eventCount}
        rowKey={(e) => e._id}
        loading={loading}
        error={error}
        empty={filtered ? "Aucun événement dans cette sélection." : "Aucun événement pour le moment."}
        columns={columns}
      />
      <EventForm open={editing !== null} event={editing?.event ?? null} onClose={() => setEditing(null)} />
    </section>
  );
}
