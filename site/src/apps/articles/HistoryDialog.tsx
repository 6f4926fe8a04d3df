/**
 * « Historique » of an article (issue 20 §4): its saved versions, newest first, with who saved and when (French,
 * Africa/Dakar); choosing one shows its text as a word-level difference against the text in the form, and
 * « Restaurer » saves it as a new version (none is ever deleted). A dialog of its own, opened beside the article's.
 */
import { useEffect, useMemo, useState } from "react";
import type { Revision, RevisionSummary } from "../../../../api/contract";
import { errorText } from "../lib/api";
import { toast } from "../stores/toasts";
import { Modal } from "../ui/Modal";
import { listRevisions, loadRevision, restoreRevision, type AppContext } from "./api";
import { wordDiff, type DiffPart } from "./word-diff";
import { dakarMoment } from "../../../../shared/dakar-time";
import "./HistoryDialog.css";

/** « 26 novembre 2026 à 14 h 32 »: the site's one Dakar formatter, as in the other issue 20 texts. */
const revisionTime = (iso: string) => dakarMoment(new Date(iso));

const authorName = (r: RevisionSummary) => (r.author ? `${r.author.firstname} ${r.author.name}`.trim() || r.author.nickname : "Compte supprimé");

export type HistoryDialogProps = {
  open: boolean;
  context: AppContext;
  articleId: string;
  /** The version the form was opened at: a restore from a stale form is refused (409). */
  version: number | undefined;
  /** The plain text now in the form, compared with the chosen version. */
  currentText: () => string;
  onClose: () => void;
  onRestored: () => void;
};

export function HistoryDialog({ open, context, articleId, version, currentText, onClose, onRestored }: HistoryDialogProps) {
  const [list, setList] = useState<RevisionSummary[] | null>(null);
  const [chosen, setChosen] = useState<Revision | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // How the chosen version is compared with the form's text (issue 32 §3): one text with marks, or two columns.
  const [compare, setCompare] = useState<"inline" | "sides">("inline");

  useEffect(() => {
    if (!open) return;
    let live = true;
    setList(null);
    setChosen(null);
    setError(null);
    listRevisions(context, articleId).then(
      (l) => live && setList(l),
      (e) => live && setError(errorText(e, "Impossible de charger l'historique.")),
    );
    return () => {
      live = false;
    };
  }, [open, context, articleId]);

  const choose = async (r: RevisionSummary) => {
    try {
      setChosen(await loadRevision(context, articleId, r._id));
      // The text of the version gets focus, so a screen reader reads it next.
      setTimeout(() => document.getElementById("history-chosen")?.focus(), 0);
    } catch (e) {
      toast.error(errorText(e, "Impossible de charger cette version."));
    }
  };

  const restore = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const article = await restoreRevision(context, articleId, chosen._id, version);
      toast.success(
        article.pendingEdit
          ? "Version restaurée. Elle attend l'approbation d'un administrateur\u00a0; la page publique reste inchangée."
          : "Version restaurée.",
      );
      onRestored();
    } catch (e) {
      toast.error(errorText(e, "Impossible de restaurer cette version."));
    } finally {
      setBusy(false);
    }
  };

  // Computed once per chosen version, not on every render (a long article's diff is real work): the form's text
  // cannot change while this dialog is open over it.
  const parts = useMemo(() => (chosen ? wordDiff(chosen.txt_content, currentText()) : []), [chosen]);
  const same = parts.every((p) => p.kind === "same");

  return (
    <Modal
      open={open}
      title="Historique"
      size="xl"
      onClose={onClose}
      guardChanges={false}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={busy}>
            Fermer
          </button>
          {chosen && (
            <button type="button" className="btn" onClick={() => void restore()} disabled={busy} aria-busy={busy || undefined}>
              Restaurer cette version
            </button>
          )}
        </>
      }
    >
      <div className="history" data-compare={chosen && compare === "sides" ? "sides" : undefined}>
        {error && <p role="alert">{error}</p>}
        {!list && !error && <p role="status">Chargement...</p>}
        {list && list.length === 0 && <p>Aucune version enregistrée pour l'instant.</p>}
        {list && list.length > 0 && (
          <ol className="history-list" aria-label="Versions enregistrées, la plus récente d'abord">
            {list.map((r) => (
              <li key={r._id}>
                <button
                  type="button"
                  className="history-item"
                  aria-current={chosen?._id === r._id ? "true" : undefined}
                  onClick={() => void choose(r)}
                >
                  <span className="history-when">{revisionTime(r.updatedAt)}</span>
                  <span className="history-who">{authorName(r)}</span>
                  <RevisionLabels revision={r} />
                  {r.restoredFrom && <span className="history-note">Restauration de la version du {revisionTime(r.restoredFrom)}</span>}
                  {r.review === "refused" && <span className="history-note history-reason">{refusedText(r)}</span>}
                </button>
              </li>
            ))}
          </ol>
        )}
        {chosen && (
          <section className="history-chosen" id="history-chosen" tabIndex={-1} aria-labelledby="history-chosen-title">
            <h3 id="history-chosen-title">
              Version du {revisionTime(chosen.updatedAt)} — {chosen.title}
            </h3>
            <p className="history-chosen-labels">
              <RevisionLabels revision={chosen} />
            </p>
            {chosen.review === "refused" && <p className="history-reason">{refusedText(chosen)}</p>}
            {same ? (
              <p>Identique au texte actuel.</p>
            ) : (
              <>
                <fieldset className="history-compare">
                  <legend>Affichage des différences</legend>
                  <label>
                    <input type="radio" name="history-compare" checked={compare === "inline"} onChange={() => setCompare("inline")} /> Dans le texte
                  </label>
                  <label>
                    <input type="radio" name="history-compare" checked={compare === "sides"} onChange={() => setCompare("sides")} /> Côte à côte (avant
                    / après)
                  </label>
                </fieldset>
                {compare === "inline" ? <InlineDiff parts={parts} /> : <SideBySide parts={parts} />}
              </>
            )}
          </section>
        )}
      </div>
    </Modal>
  );
}

/** « Refusée le … — Motif : … » for a refused edit. */
const refusedText = (r: RevisionSummary) =>
  `Refusée${r.reviewedAt ? ` le ${revisionTime(r.reviewedAt)}` : ""}\u00a0: ${r.reviewReason ? `«\u00a0${r.reviewReason}\u00a0»` : "aucun motif donné."}`;

/**
 * What happened to a version (issue 32 §3): « En attente d'approbation », « Programmée le … », « Approuvée »,
 * « Refusée », « Restaurée ». Words, not colours alone: each badge says it.
 */
function RevisionLabels({ revision: r }: { revision: RevisionSummary }) {
  return (
    <span className="history-labels">
      {r.pending && <span className="badge">En attente d'approbation</span>}
      {r.scheduledFor && <span className="badge badge-upcoming">Programmée le {revisionTime(r.scheduledFor)}</span>}
      {r.review === "approved" && <span className="badge badge-ongoing">Approuvée</span>}
      {r.review === "refused" && <span className="badge badge-warn">Refusée</span>}
      {r.restoredFrom && <span className="badge">Restaurée</span>}
    </span>
  );
}

/** One text: removed words struck through, added ones underlined. */
function InlineDiff({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      <p className="history-legend">
        Différences avec le texte actuel&nbsp;: <del>barré</del>, ce qui n'est que dans cette version&nbsp;; <ins>souligné</ins>, ce qui n'est
        que dans le texte actuel.
      </p>
      <div className="history-diff">
        {parts.map((p, i) => (p.kind === "same" ? <span key={i}>{p.text}</span> : p.kind === "removed" ? <del key={i}>{p.text}</del> : <ins key={i}>{p.text}</ins>))}
      </div>
    </>
  );
}

/**
 * Before and after, each whole: this version with what the current text no longer has struck through, and the
 * current text with what it adds underlined. Two columns on a wide screen, one under the other on a phone.
 */
function SideBySide({ parts }: { parts: DiffPart[] }) {
  return (
    <div className="history-sides">
      <section aria-labelledby="history-before">
        <h4 id="history-before">Avant&nbsp;: cette version</h4>
        <div className="history-diff">
          {parts.map((p, i) => (p.kind === "same" ? <span key={i}>{p.text}</span> : p.kind === "removed" ? <del key={i}>{p.text}</del> : null))}
        </div>
      </section>
      <section aria-labelledby="history-after">
        <h4 id="history-after">Après&nbsp;: le texte actuel</h4>
        <div className="history-diff">
          {parts.map((p, i) => (p.kind === "same" ? <span key={i}>{p.text}</span> : p.kind === "added" ? <ins key={i}>{p.text}</ins> : null))}
        </div>
      </section>
    </div>
  );
}
