/**
 * /admin/inscriptions?event=<id>: an event's registrants (issue 22 §4): counts, the list on the shared table,
 * the CSV export, « Présent » switches big enough for a phone at the door, closing early, a message to all.
 */
import { useEffect, useState, type FormEvent } from "react";
import type { AdminRegistration, AdminRegistrationList } from "../../../../api/modules/registrations/model";
import { ApiError, apiFetch } from "../../lib/http";
import { foldForMatch } from "../../lib/search-relevance";
import { confirm } from "../ui/ConfirmDialog";
import { DataTable, type Column } from "../ui/DataTable";
import { FormField } from "../ui/FormField";
import { ListSearch } from "../ui/ListSearch";
import { ScreenHead } from "../ui/ScreenHead";
import "./registrations.css";

const STATE = { confirmed: "Confirmée", waiting: "Liste d'attente", cancelled: "Annulée" } as const;
const when = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "short", timeZone: "Africa/Dakar" });
const message = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);

export default function RegistrationsScreen() {
  const eventId = new URLSearchParams(location.search).get("event") ?? "";
  const [data, setData] = useState<AdminRegistrationList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const [subject, setSubject] = useState("");
  const [text, setText] = useState("");
  // At the door: find someone among hundreds by a few letters of their name or e-mail, accents ignored.
  const [q, setQ] = useState("");
  const base = `/api/admin/events/${encodeURIComponent(eventId)}/registrations`;

  const load = () =>
    apiFetch<AdminRegistrationList>(base)
      .then((d) => (setData(d), setError(null)))
      .catch((e) => setError(message(e, "La liste des inscrits n'a pas pu être chargée.")));
  useEffect(() => void load(), []);

  async function checkIn(row: AdminRegistration, checkedIn: boolean) {
    try {
      await apiFetch(`/api/admin/registrations/${row._id}/checkin`, { method: "PUT", body: { checkedIn } });
      await load();
    } catch (e) {
      setNotice(message(e, "La présence n'a pas pu être enregistrée."));
    }
  }
  async function close() {
    const question = "Fermer les inscriptions\u00a0? Plus personne ne pourra s'inscrire\u202f; les inscrits restent inscrits.";
    if (!(await confirm(question, { confirmLabel: "Fermer les inscriptions" }))) return;
    try {
      setNotice((await apiFetch<{ message: string }>(`${base}/close`, { method: "POST" })).message);
      await load();
    } catch (e) {
      setNotice(message(e, "Les inscriptions n'ont pas pu être fermées."));
    }
  }
  async function send(e: FormEvent) {
    e.preventDefault();
    try {
      setNotice((await apiFetch<{ message: string }>(`${base}/message`, { method: "POST", body: { subject, text } })).message);
      setSubject("");
      setText("");
    } catch (err) {
      setNotice(message(err, "Le message n'a pas pu être envoyé."));
    }
  }

  const columns: Column<AdminRegistration>[] = [
    { key: "name", header: "Nom", rowHeader: true, cell: (r) => r.name },
    { key: "email", header: "Courriel", cell: (r) => r.email },
    { key: "answer", header: "Réponse", cell: (r) => r.answer },
    { key: "created", header: "Inscrit le", cell: (r) => when.format(new Date(r.createdAt)) },
    { key: "state", header: "État", cell: (r) => (r.state === "waiting" ? `${STATE.waiting} (${r.position})` : STATE[r.state]) },
    {
      key: "checkin",
      header: "Présent",
      cell: (r) =>
        r.state === "confirmed" ? (
          <label className="checkin-switch">
            <input type="checkbox" role="switch" checked={r.checkedInAt !== null} onChange={(e) => checkIn(r, e.target.checked)} />
            <span className="sr-only">{`Présent\u00a0: ${r.name}`}</span>
          </label>
        ) : null,
    },
  ];

  const needle = foldForMatch(q.trim());
  const shown = needle ? data?.items.filter((r) => foldForMatch(`${r.name} ${r.email}`).includes(needle)) : data?.items;

  return (
    <>
      <ScreenHead title={data ? `Inscriptions\u00a0: ${data.event.title}` : "Inscriptions"} />
      {data && (
        <p className="registration-counts" role="status">
          {data.counts.confirmed} inscrit{data.counts.confirmed > 1 ? "s" : ""}
          {data.event.capacity !== null ? ` sur ${data.event.capacity} places` : ""}, {data.counts.waiting} en attente, {data.counts.checkedIn} présent
          {data.counts.checkedIn > 1 ? "s" : ""}.
        </p>
      )}
      <p className="registration-actions">
        <a className="btn btn-outline" href={`${base}.csv`} download>
          Exporter en CSV
        </a>
        {data?.event.open && (
          <button className="btn btn-outline" type="button" onClick={close}>
            Fermer les inscriptions
          </button>
        )}
      </p>
      {notice && <p role="status">{notice}</p>}
      <ListSearch label="Rechercher un inscrit" value={q} onSearch={setQ} />
      <DataTable
        caption="Inscrits"
        columns={columns}
        rows={shown}
        rowKey={(r) => r._id}
        loading={!data && !error}
        error={error}
        empty={needle ? "Aucun inscrit ne correspond à cette recherche." : "Personne n'est encore inscrit."}
      />
      <form className="registration-message" onSubmit={send}>
        <h2>Écrire aux inscrits</h2>
        <FormField label="Sujet" required>
          {(field) => <input {...field} type="text" maxLength={200} value={subject} onChange={(e) => setSubject(e.target.value)} />}
        </FormField>
        <FormField label="Message" required>
          {(field) => <textarea {...field} rows={4} maxLength={10000} value={text} onChange={(e) => setText(e.target.value)} />}
        </FormField>
        <button className="btn btn-primary" type="submit">
          Envoyer à tous les inscrits
        </button>
      </form>
    </>
  );
}
