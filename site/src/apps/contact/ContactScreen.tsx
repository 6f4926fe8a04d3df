/**
 * /admin/contact: the messages of the public contact form, each marked read or unread (a toggle), answered by
 * e-mail and deletable after confirmation. Nothing here is public: no rebuild follows.
 * Issue 19 §1: the count with its unread part (« 3 messages, dont 1 non lu »), a search (subject, sender, e-mail,
 * text; accents ignored), read / unread and date filters, newest or oldest first and 25 / 50 / 100 rows, applied
 * by the server, the state in the address; bulk actions: mark read, mark unread, delete.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { ContactMessage } from "../../../../api/contract";
import { formatDateLong, formatTime, unreadSummary } from "../../lib/format";
import { api, call, errorText } from "../lib/api";
import { invalidate, revalidate, useResource } from "../lib/query";
import { toast } from "../stores/toasts";
import { BulkBar, selectColumn, useSelection, type BulkAction } from "../ui/BulkBar";
import { confirm } from "../ui/ConfirmDialog";
import type { Column } from "../ui/DataTable";
import { FormField } from "../ui/FormField";
import { ListSearch } from "../ui/ListSearch";
import { ListSelect } from "../ui/ListSelect";
import { isFiltered } from "../ui/list-state";
import { ListTable } from "../ui/ListTable";
import { ScreenHead } from "../ui/ScreenHead";
import { useShown } from "../ui/use-shown";
import { CONTACT_ORDERS, CONTACT_READ, messageCount, type ContactFilter } from "./list-query";
import { $contactPage, CONTACT_PATH, contactList } from "./stores";
import "./ContactScreen.css";

/** « lu » agrees with the count the question receives (« 1 message », « 3 messages », « 1 200 messages »). */
const read = (n: string, word: string) => (/^1 /.test(n) ? word : `${word}s`);

const BULK_ACTIONS: readonly BulkAction<"read" | "unread" | "delete">[] = [
  { value: "read", label: "Marquer comme lu", question: (n) => `Marquer ${n} comme ${read(n, "lu")}\u00a0?` },
  { value: "unread", label: "Marquer comme non lu", question: (n) => `Marquer ${n} comme ${read(n, "non lu")}\u00a0?` },
  { value: "delete", label: "Supprimer", question: (n) => `Supprimer ${n}\u00a0? Cette action est irréversible.` },
];

function received(iso: string): string {
  const time = formatTime(iso);
  return time ? `${formatDateLong(iso)} à ${time}` : formatDateLong(iso);
}

/** The list and the dashboard's unread count reload, the rows staying on screen meanwhile. */
const messagesChanged = () => revalidate(CONTACT_PATH, "/api/admin/stats");

export default function ContactScreen() {
  const query = useStore(contactList.$state);
  const { data, loading, error } = useResource($contactPage, "Erreur lors du chargement des messages");
  const shown = useShown(data);
  const [busy, setBusy] = useState<string | null>(null);
  const { selection, setSelection, toggle } = useSelection(useStore(contactList.$key));
  const change = contactList.change;
  const filter = (name: ContactFilter, value: string) => change({ filters: { [name]: value || undefined } });

  const toggleRead = async (m: ContactMessage) => {
    setBusy(m._id);
    try {
      const state = await call(api.admin.contact({ id: m._id }).read.put(), "Erreur lors de la mise à jour du message");
      toast.success(state.read ? "Message marqué comme lu." : "Message marqué comme non lu.", { action: `read:${m._id}` });
      messagesChanged();
    } catch (e) {
      toast.error(errorText(e, "Erreur lors de la mise à jour du message"), { action: `read:${m._id}` });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (m: ContactMessage) => {
    if (!(await confirm(`Supprimer le message «\u00a0${m.subject}\u00a0» de ${m.name}\u00a0?`))) return;
    try {
      await call(api.admin.contact({ id: m._id }).delete(), "Erreur lors de la suppression.");
      toast.success("Message supprimé.", { action: `delete:${m._id}` });
      invalidate(CONTACT_PATH, "/api/admin/stats");
    } catch (e) {
      toast.error(errorText(e, "Erreur lors de la suppression."), { action: `delete:${m._id}` });
    }
  };

  const columns: Column<ContactMessage>[] = [
    selectColumn<ContactMessage>(selection, toggle, (m) => m._id, (m) => m.subject),
    {
      key: "subject",
      header: "Sujet",
      rowHeader: true,
      cell: (m) => (
        <>
          {!m.read && <span className="badge badge-warn contact-unread">Non lu</span>} {m.subject}
        </>
      ),
    },
    {
      key: "from",
      header: "De",
      cell: (m) => (
        <span className="contact-from">
          {m.name} <a href={`mailto:${m.email}`}>{m.email}</a>
        </span>
      ),
    },
    { key: "recent", header: "Reçu le", sortable: true, sortDir: "desc", cell: (m) => received(m.createdAt) },
    { key: "message", header: "Message", className: "contact-text", cell: (m) => m.message },
    {
      key: "actions",
      header: "Actions",
      className: "row-actions",
      cell: (m) => (
        <>
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
        </>
      ),
    },
  ];

  const total = shown?.total ?? 0;
  const count = total === 0 ? "Aucun message" : unreadSummary(total, shown?.unread ?? 0);
  const filtered = isFiltered(query);
  return (
    <section className="admin-contact">
      <ScreenHead title="Messages" />
      <div className="list-tools">
        <p className="list-count contact-count" aria-live="polite">
          {shown ? count : ""}
        </p>
        <ListSearch label="Rechercher un message" value={query.q} onSearch={(q) => change({ q }, { replace: query.q.trim() !== "" })} />
        <ListSelect label="Afficher" value={query.filters.unread ?? ""} options={CONTACT_READ} onChange={(v) => filter("unread", v)} />
        <FormField label="Reçus depuis le" className="list-tool list-date">
          {(field) => <input {...field} type="date" value={query.filters.from ?? ""} onChange={(e) => filter("from", e.target.value)} />}
        </FormField>
        <FormField label="Jusqu'au" className="list-tool list-date">
          {(field) => <input {...field} type="date" value={query.filters.to ?? ""} onChange={(e) => filter("to", e.target.value)} />}
        </FormField>
        <ListSelect label="Ordre" value={query.dir} options={CONTACT_ORDERS} onChange={(dir) => change({ dir })} />
      </div>
      <BulkBar
        selection={selection}
        setSelection={setSelection}
        pageIds={(shown?.items ?? []).map((m) => m._id)}
        total={total}
        state={query}
        actions={BULK_ACTIONS}
        countLabel={messageCount}
        noneSelected="Aucun message sélectionné"
        run={(action, target) => call(api.admin.contact.bulk.post({ action, ...target } as never), "Erreur lors de l'action groupée.")}
        changed={messagesChanged}
      />
      <ListTable
        list={contactList}
        state={query}
        page={shown}
        caption="Messages"
        count={() => count}
        className="contact-table"
        rowKey={(m) => m._id}
        loading={loading}
        error={error}
        empty={filtered ? "Aucun message dans cette sélection." : "Aucun message reçu pour le moment."}
        columns={columns}
      />
    </section>
  );
}
