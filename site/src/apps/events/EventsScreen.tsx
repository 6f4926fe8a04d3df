/**
 * /admin/events (spec §2): create button; table with title, place, dates as start → end, the online state and
 * its toggle (« Événement mis en ligne ! » / « Événement mis hors ligne ! »), edit and delete.
 */
import { useState } from "react";
import type { Event } from "../../../../api/contract";
import { api, call, errorText } from "../lib/api";
import { invalidate, revalidate, useResource } from "../lib/query";
import { toast } from "../stores/toasts";
import { confirm } from "../ui/ConfirmDialog";
import { actionsColumn } from "../ui/actions-column";
import { DataTable } from "../ui/DataTable";
import { ScreenHead } from "../ui/ScreenHead";
import { StatusBadge } from "../ui/StatusBadge";
import { periodText } from "./event-form";
import { EventForm } from "./EventForm";
import { $adminEvents, EVENTS_PATH } from "./stores";

export default function EventsScreen() {
  const { data, loading, error } = useResource($adminEvents, "Erreur lors du chargement des événements");
  const [editing, setEditing] = useState<{ event: Event | null } | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

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
      toast.success(state.online ? "Événement mis en ligne !" : "Événement mis hors ligne !");
      revalidate(EVENTS_PATH);
    } catch (err) {
      toast.error(`Erreur lors du changement de statut: ${errorText(err, "Erreur changement statut online")}`);
    } finally {
      mark(e._id, false);
    }
  };

  const remove = async (e: Event) => {
    if (!(await confirm("Supprimer cet événement ?", { confirmLabel: "Supprimer" }))) return;
    try {
      await call(api.admin.events({ id: e._id }).delete(), "Erreur suppression événement");
      toast.success("Événement supprimé.");
      invalidate(EVENTS_PATH, "/api/admin/stats");
    } catch (err) {
      toast.error(`Erreur lors de la suppression: ${errorText(err, "Erreur suppression événement")}`);
    }
  };

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
      <DataTable
        caption={data ? `Événements (${data.length})` : "Événements"}
        captionHidden
        rows={data}
        rowKey={(e) => e._id}
        loading={loading}
        error={error}
        empty="Aucun événement pour le moment."
        defaultSort={{ key: "dates", dir: "desc" }}
        columns={[
          { key: "title", header: "Titre", rowHeader: true, cell: (e) => e.title, sortValue: (e) => e.title },
          { key: "location", header: "Lieu", cell: (e) => e.location, sortValue: (e) => e.location },
          {
            key: "dates",
            header: "Dates",
            // Each date stays whole; the line may break at the arrow on narrow screens.
            cell: (e) => {
              const [start, end] = periodText(e.startDate, e.endDate).split(" → ");
              return (
                <span>
                  <span className="nowrap">{start}</span> → <span className="nowrap">{end}</span>
                </span>
              );
            },
            // By time: the client may revive the ISO text as a Date, whose text form would sort by weekday.
            sortValue: (e) => new Date(e.startDate).getTime(),
          },
          { key: "online", header: "En ligne", cell: (e) => <StatusBadge kind="online" value={e.online} />, sortValue: (e) => e.online },
          actionsColumn<Event>({
            label: (e) => ` : ${e.title}`,
            onEdit: (e) => setEditing({ event: e }),
            onDelete: (e) => void remove(e),
            before: (e) => (
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
            ),
          }),
        ]}
      />
      <EventForm open={editing !== null} event={editing?.event ?? null} onClose={() => setEditing(null)} />
    </section>
  );
}
