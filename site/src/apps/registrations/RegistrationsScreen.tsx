/**
 * /admin/inscriptions?event=<id>: an event's registrants (issue 22 §4), laid out for the door on a phone
 * (issue 33 §3). First the counts (« 23 présents sur 40 », sticky while the list scrolls), the search field and
 * « Ajouter sur place », then the people with a place or waiting, each with a « Présent » switch of at least
 * 44 × 44 px and « Annuler l'inscription »; cancellations fold away in their own list; the organizers' tools
 * (CSV, closing, message) come last. On a phone the admin navigation moves below the screen (registrations.css).
 */
import { useEffect, useState } from "react";
import type { AdminRegistration, AdminRegistrationList } from "../../../../api/modules/registrations/model";
import { foldForMatch } from "../../lib/search-relevance";
import { api, call, errorText } from "../lib/api";
import { toast } from "../stores/toasts";
import { confirm } from "../ui/ConfirmDialog";
import { DataTable } from "../ui/DataTable";
import { ListSearch } from "../ui/ListSearch";
import { ScreenHead } from "../ui/ScreenHead";
import { activeColumns, cancelledColumns } from "./attendee-columns";
import { placesText, presentText } from "./door-text";
import { OrganizerTools } from "./OrganizerTools";
import { WalkInDialog } from "./WalkInDialog";
import "./registrations.css";

export default function RegistrationsScreen() {
  const eventId = new URLSearchParams(location.search).get("event") ?? "";
  const [data, setData] = useState<AdminRegistrationList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  // At the door: find someone among hundreds by a few letters of their name or e-mail, accents ignored.
  const [q, setQ] = useState("");

  const load = () =>
    call(api.admin.events({ id: eventId }).registrations.get(), "La liste des inscrits n'a pas pu être chargée.")
      .then((d) => (setData(d), setError(null)))
      .catch((e) => setError(errorText(e, "La liste des inscrits n'a pas pu être chargée.")));
  useEffect(() => void load(), []);

  async function checkIn(row: AdminRegistration, checkedIn: boolean) {
    try {
      await call(api.admin.registrations({ id: row._id }).checkin.put({ checkedIn }), "La présence n'a pas pu être enregistrée.");
      await load();
    } catch (e) {
      toast.error(errorText(e, "La présence n'a pas pu être enregistrée."));
    }
  }
  async function cancel(row: AdminRegistration) {
    const told = row.email ? " Un courriel l'en informera." : "";
    const question = `Annuler l'inscription de ${row.name}\u00a0?${told}`;
    if (!(await confirm(question, { confirmLabel: "Annuler l'inscription", cancelLabel: "Garder l'inscription" }))) return;
    try {
      const answer = await call(api.admin.registrations({ id: row._id }).cancel.post(), "L'inscription n'a pas pu être annulée.");
      toast.success(answer.message);
      await load();
    } catch (e) {
      toast.error(errorText(e, "L'inscription n'a pas pu être annulée."));
    }
  }

  const needle = foldForMatch(q.trim());
  const matching = needle ? data?.items.filter((r) => foldForMatch(`${r.name} ${r.email}`).includes(needle)) : data?.items;
  const active = matching?.filter((r) => r.state !== "cancelled");
  const cancelled = matching?.filter((r) => r.state === "cancelled") ?? [];

  return (
    <div className="door">
      <ScreenHead title={data ? `Inscriptions\u00a0: ${data.event.title}` : "Inscriptions"} />
      {data && (
        <p className="door-counts" role="status">
          <strong>{presentText(data.counts)}</strong>
          <span>{placesText(data.counts, data.event.capacity)}</span>
        </p>
      )}
      <div className="door-tools">
        <ListSearch label="Rechercher un inscrit" value={q} onSearch={setQ} />
        <button type="button" className="btn" onClick={() => setAdding(true)} disabled={!data}>
          Ajouter sur place
        </button>
      </div>
      <DataTable
        caption="Inscrits"
        captionHidden
        className="door-table"
        columns={activeColumns({ checkIn, cancel }, data?.items.some((r) => r.answer) ?? false)}
        rows={active}
        rowKey={(r) => r._id}
        loading={!data && !error}
        error={error}
        empty={needle ? "Aucun inscrit ne correspond à cette recherche." : "Personne n'est encore inscrit."}
      />
      {cancelled.length > 0 && (
        <details className="door-cancelled">
          <summary>Inscriptions annulées ({cancelled.length})</summary>
          <DataTable caption="Inscriptions annulées" captionHidden className="door-table" columns={cancelledColumns} rows={cancelled} rowKey={(r) => r._id} empty="" />
        </details>
      )}
      {data && <OrganizerTools eventId={eventId} open={data.event.open} onChanged={load} />}
      <WalkInDialog open={adding} eventId={eventId} onClose={() => setAdding(false)} onAdded={load} />
    </div>
  );
}
