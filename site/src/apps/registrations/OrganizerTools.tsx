/**
 * What the organizers do before or after the event, below the lists (at the door the list comes first): the CSV
 * export, closing registration early, a message to every registrant.
 */
import { useState, type FormEvent } from "react";
import { api, call, errorText } from "../lib/api";
import { confirm } from "../ui/ConfirmDialog";
import { FormField } from "../ui/FormField";

export function OrganizerTools({ eventId, open, onChanged }: { eventId: string; open: boolean; onChanged: () => void }) {
  const [notice, setNotice] = useState("");
  const [subject, setSubject] = useState("");
  const [text, setText] = useState("");
  const registrations = api.admin.events({ id: eventId }).registrations;

  async function close() {
    const question = "Fermer les inscriptions\u00a0? Plus personne ne pourra s'inscrire\u202f; les inscrits restent inscrits.";
    if (!(await confirm(question, { confirmLabel: "Fermer les inscriptions" }))) return;
    try {
      setNotice((await call(registrations.close.post(), "Les inscriptions n'ont pas pu être fermées.")).message);
      onChanged();
    } catch (e) {
      setNotice(errorText(e, "Les inscriptions n'ont pas pu être fermées."));
    }
  }
  async function send(e: FormEvent) {
    e.preventDefault();
    try {
      setNotice((await call(registrations.message.post({ subject, text }), "Le message n'a pas pu être envoyé.")).message);
      setSubject("");
      setText("");
    } catch (err) {
      setNotice(errorText(err, "Le message n'a pas pu être envoyé."));
    }
  }

  return (
    <section className="door-organizer" aria-labelledby="door-organizer-title">
      <h2 id="door-organizer-title">Organisation</h2>
      <p className="registration-actions">
        <a className="btn btn-outline" href={`/api/admin/events/${encodeURIComponent(eventId)}/registrations.csv`} download>
          Exporter en CSV
        </a>
        {open && (
          <button className="btn btn-outline" type="button" onClick={close}>
            Fermer les inscriptions
          </button>
        )}
      </p>
      {notice && <p role="status">{notice}</p>}
      <form className="registration-message" onSubmit={send}>
        <h3>Écrire aux inscrits</h3>
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
    </section>
  );
}
