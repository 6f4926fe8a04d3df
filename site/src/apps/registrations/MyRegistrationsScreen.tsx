/** /user/inscriptions, « Mes inscriptions »: the member's registrations, each cancellable. */
import { useEffect, useState } from "react";
import type { MyRegistration } from "../../../../api/modules/registrations/model";
import { dakarMoment } from "../../../../shared/dakar-time";
import { ApiError, apiFetch } from "../../lib/http";
import { DataTable, type Column } from "../ui/DataTable";
import { ScreenHead } from "../ui/ScreenHead";

const STATE = { confirmed: "Confirmée", waiting: "Liste d'attente", cancelled: "Annulée" } as const;

export default function MyRegistrationsScreen() {
  const [rows, setRows] = useState<MyRegistration[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const load = () =>
    apiFetch<MyRegistration[]>("/api/user/registrations")
      .then(setRows)
      .catch((e) => setError(e instanceof ApiError ? e.message : "Vos inscriptions n'ont pas pu être chargées."));
  useEffect(() => void load(), []);

  async function cancel(r: MyRegistration) {
    try {
      setNotice((await apiFetch<{ message: string }>(`/api/user/registrations/${r._id}/cancel`, { method: "POST" })).message);
      await load();
    } catch (e) {
      setNotice(e instanceof ApiError ? e.message : "L'annulation n'a pas abouti.");
    }
  }

  const columns: Column<MyRegistration>[] = [
    { key: "event", header: "Événement", rowHeader: true, cell: (r) => <a href={`/event/${encodeURIComponent(r.event.url)}`}>{r.event.title}</a> },
    { key: "date", header: "Date", cell: (r) => dakarMoment(new Date(r.event.startDate)) },
    { key: "state", header: "État", cell: (r) => (r.state === "waiting" ? `${STATE.waiting} (position ${r.position})` : STATE[r.state]) },
    {
      key: "actions",
      header: "Actions",
      cell: (r) =>
        r.state === "cancelled" ? null : (
          <button className="btn btn-outline" type="button" onClick={() => cancel(r)}>
            Annuler<span className="sr-only">{` mon inscription à ${r.event.title}`}</span>
          </button>
        ),
    },
  ];
  return (
    <>
      <ScreenHead title="Mes inscriptions" />
      {notice && <p role="status">{notice}</p>}
      <DataTable caption="Mes inscriptions aux événements" captionHidden columns={columns} rows={rows} rowKey={(r) => r._id} loading={rows === undefined && !error} error={error} empty="Vous n'êtes inscrit à aucun événement." />
    </>
  );
}
