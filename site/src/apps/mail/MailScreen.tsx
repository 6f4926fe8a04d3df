/**
 * /admin/mail, « Courriels »: the outbox, newest first, one server page at a time (to, subject, state, attempts,
 * last error, date), filtered by state and searched; a message opens in full (MailDialog); a failed one can be
 * sent again (« Réessayer »); one whose personal link is masked (« lien masqué »: issue 30 §4) can have a fresh
 * link mailed to its recipient (« Renvoyer »); « Envoyer un courriel de test » queues one to the admin's own
 * address. Without a mail server (SMTP_URL) the screen says so: messages wait here, readable, never attempted. After a restore, what
 * it held back waits for « Reprendre l'envoi » (HeldNotice).
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { MailQueuedAnswer, MailSummary } from "../../../../api/contract";
import { api, call, errorText } from "../lib/api";
import { revalidate, useResource } from "../lib/query";
import { toast } from "../stores/toasts";
import type { Column } from "../ui/DataTable";
import { ListSearch } from "../ui/ListSearch";
import { ListSelect } from "../ui/ListSelect";
import { ListTable } from "../ui/ListTable";
import { ScreenHead } from "../ui/ScreenHead";
import { useShown } from "../ui/use-shown";
import { momentText } from "../site/site-text";
import { HeldNotice } from "./HeldNotice";
import { MailDialog } from "./MailDialog";
import { countLabel, MAIL_STATES, recipientText, stateBadge, stateText } from "./mail-list";
import { $mailPage, mailList, openMail, PATH } from "./stores";
import "./MailScreen.css";

export default function MailScreen() {
  const query = useStore(mailList.$state);
  const { data, loading, error } = useResource($mailPage, "Erreur lors du chargement des courriels.");
  const shown = useShown(data);
  const [sending, setSending] = useState(false);

  /** Every action that queues a message: the server's sentence in a toast, then the list read again. Never throws. */
  const queue = async (request: () => Promise<MailQueuedAnswer>, failure: string, action: string) => {
    try {
      toast.success((await request()).message, { action });
      revalidate(PATH);
    } catch (e) {
      toast.error(errorText(e, failure), { action });
    }
  };
  const sendTest = async () => {
    const failure = "L'envoi du courriel de test a échoué.";
    setSending(true);
    await queue(() => call(api.admin.mail.test.post(), failure), failure, "mail-test");
    setSending(false);
  };
  const retry = (m: { _id: string }) => {
    const failure = "Le courriel n'a pas pu être remis dans la file.";
    return queue(() => call(api.admin.mail({ id: m._id }).retry.post(), failure), failure, `retry:${m._id}`);
  };
  const resend = (m: { _id: string }) => {
    const failure = "Le nouveau lien n'a pas pu être envoyé.";
    return queue(() => call(api.admin.mail({ id: m._id }).resend.post(), failure), failure, `resend:${m._id}`);
  };

  const columns: Column<MailSummary>[] = [
    {
      key: "subject",
      header: "Sujet",
      rowHeader: true,
      cell: (m) => (
        <button type="button" className="link-button" onClick={() => openMail(m._id)}>
          {m.subject}
        </button>
      ),
    },
    { key: "to", header: "Destinataire", cell: (m) => recipientText(m) },
    { key: "state", header: "État", cell: (m) => <span className={stateBadge(m.state)}>{stateText(m.state)}</span> },
    { key: "attempts", header: "Essais", className: "num", cell: (m) => m.attempts },
    { key: "error", header: "Dernière erreur", cell: (m) => (m.lastError ? <span className="mail-error">{m.lastError}</span> : <span className="muted">-</span>) },
    { key: "recent", header: "Date", className: "nowrap", cell: (m) => momentText(m.sentAt ?? m.createdAt) },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      label: "Actions",
      className: "row-actions",
      cell: (m) => (
        <>
          {m.retryable && (
            <button type="button" className="btn btn-small btn-outline" onClick={() => void retry(m)}>
              Réessayer<span className="sr-only"> : {m.subject}</span>
            </button>
          )}
          {m.resendable && (
            <button type="button" className="btn btn-small btn-outline" onClick={() => void resend(m)}>
              Renvoyer<span className="sr-only"> un nouveau lien&nbsp;: {m.subject}</span>
            </button>
          )}
        </>
      ),
    },
  ];

  const total = shown?.total ?? 0;
  const filtered = Boolean(query.q.trim() || query.filters.state);
  return (
    <section className="admin-mail">
      <ScreenHead
        title="Courriels"
        action={
          <button type="button" className="btn" onClick={() => void sendTest()} disabled={sending} aria-busy={sending || undefined}>
            Envoyer un courriel de test
          </button>
        }
      />
      <HeldNotice />
      {shown && !shown.delivery && (
        <p className="mail-notice">
          Aucun serveur d'envoi n'est configuré (SMTP_URL)&nbsp;: les courriels restent ici, en attente, et peuvent être lus (sauf leurs liens personnels, masqués).
        </p>
      )}
      <div className="list-tools">
        <p className="list-count" aria-live="polite">
          {shown ? countLabel(total) : ""}
        </p>
        <ListSearch label="Rechercher un courriel" value={query.q} onSearch={(q) => mailList.change({ q }, { replace: query.q.trim() !== "" })} />
        <ListSelect label="Afficher" value={query.filters.state ?? ""} options={MAIL_STATES} onChange={(v) => mailList.change({ filters: { state: v || undefined } })} />
      </div>
      <ListTable
        list={mailList}
        state={query}
        page={shown}
        caption="Courriels"
        count={countLabel}
        columns={columns}
        rowKey={(m) => m._id}
        loading={loading}
        error={error}
        empty={filtered ? "Aucun courriel dans cette sélection." : "Aucun courriel pour le moment."}
      />
      <MailDialog onRetry={retry} onResend={resend} />
    </section>
  );
}
