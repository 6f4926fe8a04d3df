/**
 * /admin/contact: the messages of the public contact form, newest first, each marked read or unread (a toggle)
 * and deletable after confirmation. Nothing here is public: no rebuild follows.
 */
import { useState } from "react";
import type { ContactMessage } from "../../../../api/contract";
import { formatDateLong, formatTime, unreadSummary } from "../../lib/format";
import { api, call, errorText } from "../lib/api";
import { invalidate, resource, revalidate, useResource } from "../lib/query";
import { toast } from "../stores/toasts";
import { confirm } from "../ui/ConfirmDialog";
import { ScreenHead } from "../ui/ScreenHead";
import { wholeList } from "../lib/whole-list";
import "./ContactScreen.css";

const PATH = "/api/admin/contact";

export const $contactMessages = resource(PATH, () => call(api.admin.contact.get({ query: {} }), "Erreur lors du chargement des messages").then(wholeList));

/** Milliseconds of a date the client may have revived as a Date (Eden turns ISO strings into Dates). */
const time = (value: string | Date) => new Date(value).getTime();

/** Newest first, whatever order the server used. */
function newestFirst(list: readonly ContactMessage[]): ContactMessage[] {
  return [...list].sort((a, b) => time(b.createdAt) - time(a.createdAt));
}

function received(iso: string): string {
  const time = formatTime(iso);
  return time ? `${formatDateLong(iso)} à ${time}` : formatDateLong(iso);
}

export default function ContactScreen() {
  const { data, loading, error } = useResource($contactMessages, "Erreur lors du chargement des messages");
  const [busy, setBusy] = useState<string | null>(null);
  const messages = data ? newestFirst(data) : [];
  const unread = messages.filter((m) => !m.read).length;

  const toggleRead = async (m: ContactMessage) => {
    setBusy(m._id);
    try {
      const state = await call(api.admin.contact({ id: m._id }).read.put(), "Erreur lors de la mise à jour du message");
      toast.success(state.read ? "Message marqué comme lu." : "Message marqué comme non lu.", { action: `read:${m._id}` });
      revalidate(PATH, "/api/admin/stats");
    } catch (e) {
      toast.error(errorText(e, "Erreur lors de la mise à jour du message"), { action: `read:${m._id}` });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (m: ContactMessage) => {
    if (!(await confirm(`Supprimer le message « ${m.subject} » de ${m.name} ?`))) return;
    try {
      await call(api.admin.contact({ id: m._id }).delete(), "Erreur lors de la suppression.");
      toast.success("Message supprimé.", { action: `delete:${m._id}` });
      invalidate(PATH, "/api/admin/stats");
    } catch (e) {
      toast.error(errorText(e, "Erreur lors de la suppression."), { action: `delete:${m._id}` });
    }
  };

  return (
    <section className="admin-contact">
      <ScreenHead title="Messages" />
      {loading ? (
        <p role="status">Chargement...</p>
      ) : error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : messages.length === 0 ? (
        <p className="muted">Aucun message reçu pour le moment.</p>
      ) : (
        <>
          <p className="contact-count">
            {unreadSummary(messages.length, unread)}
          </p>
          <ul className="contact-list">
            {messages.map((m) => (
              <li key={m._id}>
                <article className={`card contact-message ${m.read ? "is-read" : "is-unread"}`} aria-labelledby={`msg-${m._id}`}>
                  <header className="contact-head">
                    <h2 id={`msg-${m._id}`}>
                      {!m.read && <span className="badge badge-warn contact-unread">Non lu</span>} {m.subject}
                    </h2>
                    <p className="contact-meta">
                      De <strong>{m.name}</strong> (<a href={`mailto:${m.email}`}>{m.email}</a>), le {received(m.createdAt)}
                    </p>
                  </header>
                  <p className="contact-text">{m.message}</p>
                  <div className="contact-actions">
                    <button
                      type="button"
                      className="btn btn-small btn-outline"
                      disabled={busy === m._id}
                      aria-busy={busy === m._id || undefined}
                      onClick={() => void toggleRead(m)}
                    >
                      {m.read ? "Marquer comme non lu" : "Marquer comme lu"}
                      <span className="sr-only"> : {m.subject}</span>
                    </button>
                    <a className="btn btn-small btn-outline" href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>
                      Répondre<span className="sr-only"> à {m.name}</span>
                    </a>
                    <button type="button" className="btn btn-small btn-danger" onClick={() => void remove(m)}>
                      Supprimer<span className="sr-only"> : {m.subject}</span>
                    </button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
