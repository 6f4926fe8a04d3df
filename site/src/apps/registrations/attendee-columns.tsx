/**
 * The columns of the attendee lists at /admin/inscriptions. On a phone (registrations.css) a row is one line per
 * person: the name with its state under it, the « Présent » switch on the right; the e-mail, the answer and the
 * date stay on wider screens and in the CSV.
 */
import type { AdminRegistration } from "../../../../api/modules/registrations/model";
import { dakarMoment } from "../../../../shared/dakar-time";
import type { Column } from "../ui/DataTable";

const STATE = { confirmed: "Confirmée", waiting: "Liste d'attente", cancelled: "Annulée" } as const;

const name: Column<AdminRegistration> = { key: "name", header: "Nom", rowHeader: true, cell: (r) => r.name };
const email: Column<AdminRegistration> = { key: "email", header: "Courriel", className: "door-wide", cell: (r) => r.email };
const created: Column<AdminRegistration> = { key: "created", header: "Inscrit le", className: "door-wide", cell: (r) => dakarMoment(new Date(r.createdAt), "short") };

export type AttendeeActions = {
  checkIn: (row: AdminRegistration, checkedIn: boolean) => void;
  cancel: (row: AdminRegistration) => void;
};

/**
 * People with a place or waiting for one. The answers' column only when someone answered (most events ask no
 * question), so the table fits a laptop's width.
 */
export function activeColumns(actions: AttendeeActions, withAnswers: boolean): Column<AdminRegistration>[] {
  return [
    name,
    email,
    ...(withAnswers ? [{ key: "answer", header: "Réponse", className: "door-wide", cell: (r: AdminRegistration) => r.answer }] : []),
    created,
    { key: "state", header: "État", className: "door-state", cell: (r) => (r.state === "waiting" ? `${STATE.waiting} (${r.position})` : STATE[r.state]) },
    {
      key: "checkin",
      header: "Présent",
      className: "door-checkin",
      cell: (r) =>
        r.state === "confirmed" ? (
          <label className="checkin-switch">
            <input type="checkbox" role="switch" checked={r.checkedInAt !== null} onChange={(e) => actions.checkIn(r, e.target.checked)} />
            {/* The word is seen beside the switch on a phone only (no column header there); the switch is read as
                « Présent : <name> » everywhere. */}
            <span className="checkin-word" aria-hidden="true">Présent</span>
            <span className="sr-only">{`Présent\u00a0: ${r.name}`}</span>
          </label>
        ) : null,
    },
    {
      key: "actions",
      header: "Actions",
      className: "row-actions door-actions",
      cell: (r) => (
        <button type="button" className="btn btn-small btn-outline" onClick={() => actions.cancel(r)}>
          Annuler l'inscription<span className="sr-only">{` de ${r.name}`}</span>
        </button>
      ),
    },
  ];
}

/** The folded list of cancellations. */
export const cancelledColumns: Column<AdminRegistration>[] = [name, { ...email, className: undefined }, { ...created, className: undefined }];
