/**
 * /admin/lettre, « Numéros de la lettre »: the issues (drafts, scheduled, leaving, sent) with their progress, and
 * the editor of one issue: the site's proposal of items, the introduction, the order, a preview (the mail's own
 * HTML in a sandboxed frame), a test to oneself, sending now or at a minute of Dakar's clock. While an issue is
 * leaving, its progress (sent / failed / remaining, from the outbox) is read again every few seconds.
 */
import { useCallback, useEffect, useState } from "react";
import type { IssueDetail, IssueSummary } from "../../../../api/contract";
import { api, call, errorText } from "../lib/api";
import { toast } from "../stores/toasts";
import { ScreenHead } from "../ui/ScreenHead";
import { IssueEditor } from "./IssueEditor";
import { dakarText, progressText, STATE_TEXT } from "./issue-edit";
import "./IssuesScreen.css";

const LOAD_ERROR = "Erreur lors du chargement des numéros.";

function when(issue: IssueSummary): string {
  if (issue.sentAt) return `Envoyé le ${dakarText(issue.sentAt)}`;
  if (issue.startedAt) return `Commencé le ${dakarText(issue.startedAt)}`;
  if (issue.scheduledAt) return `Prévu le ${dakarText(issue.scheduledAt)}`;
  return "-";
}

export default function IssuesScreen() {
  const [issues, setIssues] = useState<IssueSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The issue being edited: an id, "new", or null for the list alone. */
  const [open, setOpen] = useState<IssueDetail | "new" | null>(null);

  const load = useCallback(async () => {
    try {
      setIssues(await call(api.admin.newsletter.issues.get(), LOAD_ERROR));
      setError(null);
    } catch (e) {
      setError(errorText(e, LOAD_ERROR));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // While something leaves, its progress is read again every 3 seconds.
  const leaving = issues?.some((i) => i.state === "sending" || (i.state === "sent" && i.progress.remaining > 0));
  useEffect(() => {
    if (!leaving) return;
    const timer = setInterval(() => void load(), 3000);
    return () => clearInterval(timer);
  }, [leaving, load]);

  const openIssue = async (id: string) => {
    try {
      setOpen(await call(api.admin.newsletter.issues({ id }).get(), "Erreur lors du chargement du numéro."));
    } catch (e) {
      toast.error(errorText(e, "Erreur lors du chargement du numéro."));
    }
  };

  if (open) {
    return (
      <IssueEditor
        issue={open === "new" ? null : open}
        onClose={() => {
          setOpen(null);
          void load();
        }}
        onChanged={(issue) => {
          setOpen(issue);
          void load();
        }}
      />
    );
  }

  return (
    <section className="admin-issues">
      <ScreenHead
        title="Numéros de la lettre"
        action={
          <button type="button" className="btn" onClick={() => setOpen("new")}>
            Nouveau numéro
          </button>
        }
      />
      <p className="muted">
        Les abonnés se gèrent dans <a href="/admin/newsletter">Lettre d'information</a>. Les numéros envoyés sont en ligne dans les{" "}
        <a href="/lettre/archives">archives</a>.
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {!issues && !error && <p role="status">Chargement...</p>}
      {issues && issues.length === 0 && <p role="status">Aucun numéro pour le moment.</p>}
      {issues && issues.length > 0 && (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="sr-only">Numéros de la lettre</caption>
            <thead>
              <tr>
                <th scope="col">N°</th>
                <th scope="col">Sujet</th>
                <th scope="col">État</th>
                <th scope="col">Date</th>
                <th scope="col">Progression</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {issues.map((issue) => (
                <tr key={issue._id}>
                  <td>{issue.number ?? "-"}</td>
                  <th scope="row">{issue.subject}</th>
                  <td>
                    <span className={`badge${issue.state === "sent" ? " badge-ongoing" : issue.state === "draft" ? "" : " badge-warn"}`}>{STATE_TEXT[issue.state]}</span>
                  </td>
                  <td>{when(issue)}</td>
                  <td>
                    {issue.state === "sending" || issue.state === "sent" ? (
                      <>
                        <progress max={Math.max(issue.progress.total, 1)} value={issue.progress.sent + issue.progress.failed} aria-label={`Progression de l'envoi du numéro ${issue.number ?? ""}`} />{" "}
                        <span className="issue-progress">{progressText(issue.progress)}</span>
                      </>
                    ) : (
                      <span className="muted">{issue.progress.total.toLocaleString("fr-FR")}&nbsp;abonnés confirmés</span>
                    )}
                  </td>
                  <td>
                    <button type="button" className="btn btn-small btn-outline" onClick={() => void openIssue(issue._id)}>
                      {issue.state === "draft" || issue.state === "scheduled" ? "Modifier" : "Voir"}
                      <span className="sr-only"> «&nbsp;{issue.subject}&nbsp;»</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
