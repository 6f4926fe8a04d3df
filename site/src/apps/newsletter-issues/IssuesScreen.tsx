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
import { DataTable } from "../ui/DataTable";
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
      <DataTable
        caption="Numéros de la lettre"
        captionHidden
        rows={issues ?? undefined}
        rowKey={(issue) => issue._id}
        loading={!issues && !error}
        error={error}
        empty="Aucun numéro pour le moment."
        defaultSort={{ key: "number", dir: "desc" }}
        columns={[
          { key: "number", header: "N°", cell: (issue) => issue.number ?? "-", sortValue: (issue) => issue.number ?? Number.MAX_SAFE_INTEGER, sortDir: "desc", className: "num" },
          { key: "subject", header: "Sujet", cell: (issue) => issue.subject, sortValue: (issue) => issue.subject, rowHeader: true },
          {
            key: "state",
            header: "État",
            cell: (issue) => (
              <span className={`badge${issue.state === "sent" ? " badge-ongoing" : issue.state === "draft" ? "" : " badge-warn"}`}>{STATE_TEXT[issue.state]}</span>
            ),
            sortValue: (issue) => STATE_TEXT[issue.state],
          },
          { key: "date", header: "Date", cell: when, sortValue: (issue) => issue.sentAt ?? issue.startedAt ?? issue.scheduledAt ?? null, sortDir: "desc" },
          {
            key: "progress",
            header: "Progression",
            cell: (issue) =>
              issue.state === "sending" || issue.state === "sent" ? (
                <>
                  <progress max={Math.max(issue.progress.total, 1)} value={issue.progress.sent + issue.progress.failed} aria-label={`Progression de l'envoi du numéro ${issue.number ?? ""}`} />{" "}
                  <span className="issue-progress">{progressText(issue.progress)}</span>
                </>
              ) : (
                <span className="muted">{issue.progress.total.toLocaleString("fr-FR")}&nbsp;abonnés confirmés</span>
              ),
          },
          {
            key: "actions",
            header: <span className="sr-only">Actions</span>,
            label: "Actions",
            className: "row-actions",
            cell: (issue) => (
              <button type="button" className="btn btn-small btn-outline" onClick={() => void openIssue(issue._id)}>
                {issue.state === "draft" || issue.state === "scheduled" ? "Modifier" : "Voir"}
                <span className="sr-only"> «&nbsp;{issue.subject}&nbsp;»</span>
              </button>
            ),
          },
        ]}
      />
    </section>
  );
}
