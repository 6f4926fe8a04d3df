/**
 * Reading one message in full: who sent it to whom, when, its state and the server's answer, then its HTML part
 * in a sandboxed frame (cleaned by the server, allowed to run and load nothing) and its plain-text part. A
 * personal link reads « lien masqué » (the server never sends it: issue 30 §4); « Renvoyer un nouveau lien » has
 * a fresh one mailed to the recipient.
 */
import { useStore } from "@nanostores/react";
import type { MailDetail } from "../../../../api/contract";
import { useResource } from "../lib/query";
import { Modal } from "../ui/Modal";
import { momentText } from "../site/site-text";
import { previewDocument, recipientText, stateBadge, stateText } from "./mail-list";
import { $mailDetail, $openMail, openMail } from "./stores";

function Facts({ mail }: { mail: MailDetail }) {
  const rows: [string, string | null][] = [
    ["De", mail.from],
    ["À", recipientText(mail)],
    ["Créé le", momentText(mail.createdAt)],
    ["Envoyé le", mail.sentAt ? momentText(mail.sentAt) : null],
    ["Prochain essai", mail.nextAttemptAt ? momentText(mail.nextAttemptAt) : null],
    ["Essais", String(mail.attempts)],
    ["Dernière erreur", mail.lastError],
    ["Réponse du serveur", mail.response],
    ["Message-ID", mail.messageId],
    ...Object.entries(mail.headers),
  ];
  return (
    <dl className="mail-facts">
      <div className="mail-fact">
        <dt>État</dt>
        <dd>
          <span className={stateBadge(mail.state)}>{stateText(mail.state)}</span>
        </dd>
      </div>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="mail-fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

type Action = (mail: { _id: string; subject: string }) => Promise<void>;

export function MailDialog({ onRetry, onResend }: { onRetry: Action; onResend: Action }) {
  const id = useStore($openMail);
  const { data, loading, error } = useResource($mailDetail, "Erreur lors du chargement du courriel.");
  const mail = data && data._id === id ? data : undefined;
  const close = () => openMail("");
  return (
    <Modal
      open={id !== ""}
      title={mail ? mail.subject : "Courriel"}
      size="lg"
      onClose={close}
      footer={
        <>
          {mail?.retryable && (
            <button type="button" className="btn btn-outline" onClick={() => void onRetry(mail)}>
              Réessayer
            </button>
          )}
          {mail?.resendable && (
            <button type="button" className="btn btn-outline" onClick={() => void onResend(mail)}>
              Renvoyer un nouveau lien
            </button>
          )}
          <button type="button" className="btn" onClick={close}>
            Fermer
          </button>
        </>
      }
    >
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : loading || !mail ? (
        <p role="status">Chargement...</p>
      ) : (
        <div className="mail-reading">
          <Facts mail={mail} />
          {mail.maskedLinks > 0 && (
            <p className="mail-notice">
              Ce courriel contient un lien personnel&nbsp;: il est masqué ici («&nbsp;lien masqué&nbsp;») et seul le destinataire l'a reçu.
              {mail.resendable && " «\u00a0Renvoyer un nouveau lien\u00a0» lui en envoie un nouveau, sans vous le montrer."}
            </p>
          )}
          <h3>Version HTML</h3>
          <iframe className="mail-preview" title={`Version HTML du courriel «\u00a0${mail.subject}\u00a0»`} sandbox="" srcDoc={previewDocument(mail.subject, mail.html)} />
          <h3>Version texte</h3>
          <pre className="mail-text" tabIndex={0} aria-label={`Version texte du courriel «\u00a0${mail.subject}\u00a0»`}>
            {mail.text}
          </pre>
        </div>
      )}
    </Modal>
  );
}
