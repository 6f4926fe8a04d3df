/**
 * One issue: subject, introduction, the items in sections with a checkbox each (ItemSections.tsx), then
 * « Enregistrer le brouillon », « Aperçu », « Envoyer un test », « Envoyer maintenant » or « Programmer ».
 * Every action on an editable issue saves it first, so the preview, the test and the send are what is on screen.
 * A started issue is read-only: its progress, read again every 3 seconds while it leaves, and its preview.
 */
import { useEffect, useState } from "react";
import type { IssueDetail, IssueItemView } from "../../../../api/contract";
import { api, call, errorText } from "../lib/api";
import { toast } from "../stores/toasts";
import { confirm } from "../ui/ConfirmDialog";
import { FormField } from "../ui/FormField";
import { ScreenHead } from "../ui/ScreenHead";
import { chosenInOrder, dakarText, previewDocument, progressText, STATE_TEXT } from "./issue-edit";
import { ItemSections } from "./ItemSections";

type Props = { issue: IssueDetail | null; onClose: () => void; onChanged: (issue: IssueDetail) => void };

const monthYear = new Intl.DateTimeFormat("fr-FR", { timeZone: "Africa/Dakar", month: "long", year: "numeric" }).format(new Date());

export function IssueEditor({ issue, onClose, onChanged }: Props) {
  const editable = !issue || issue.state === "draft" || issue.state === "scheduled";
  const [subject, setSubject] = useState(issue?.subject ?? `La lettre de l'Institut — ${monthYear}`);
  const [intro, setIntro] = useState(issue?.intro ?? "");
  const [items, setItems] = useState<IssueItemView[]>(issue?.items ?? []);
  const [proposal, setProposal] = useState<IssueItemView[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  const [at, setAt] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState(issue);

  useEffect(() => {
    if (!editable) return;
    call(api.admin.newsletter.issues.proposal.get(), "Erreur lors du chargement des propositions.").then(
      (p) => {
        setProposal(p.items);
        if (!issue) setItems(p.items);
      },
      (e) => toast.error(errorText(e, "Erreur lors du chargement des propositions.")),
    );
  }, [editable, issue]);

  // A leaving issue: its progress every 3 seconds until nothing remains.
  useEffect(() => {
    if (!live || editable || live.progress.remaining === 0) return;
    const timer = setInterval(() => {
      call(api.admin.newsletter.issues({ id: live._id }).get(), "").then(setLive, () => {});
    }, 3000);
    return () => clearInterval(timer);
  }, [live, editable]);

  /** Saves (creating the issue the first time) and returns it; null when refused (the message is shown). */
  async function save(quiet = false): Promise<IssueDetail | null> {
    if (!editable) return issue;
    const body = { subject, intro, items: chosenInOrder(proposal, items).map(({ kind, id }) => ({ kind, id })) };
    try {
      const answer = issue
        ? await call(api.admin.newsletter.issues({ id: issue._id }).put(body), "Erreur lors de l'enregistrement.")
        : await call(api.admin.newsletter.issues.post(body), "Erreur lors de l'enregistrement.");
      setError(null);
      if (!quiet) toast.success(answer.message);
      onChanged(answer.issue);
      return answer.issue;
    } catch (e) {
      setError(errorText(e, "Erreur lors de l'enregistrement."));
      return null;
    }
  }

  async function act(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  }

  const showPreview = () =>
    act(async () => {
      const saved = await save(true);
      if (!saved) return;
      try {
        const p = await call(api.admin.newsletter.issues({ id: saved._id }).preview.get(), "Erreur lors de l'aperçu.");
        setPreview(p.html);
      } catch (e) {
        toast.error(errorText(e, "Erreur lors de l'aperçu."));
      }
    });

  const sendTest = () =>
    act(async () => {
      const saved = await save(true);
      if (!saved) return;
      try {
        toast.success((await call(api.admin.newsletter.issues({ id: saved._id }).test.post(), "Erreur lors de l'envoi du test.")).message);
      } catch (e) {
        toast.error(errorText(e, "Erreur lors de l'envoi du test."));
      }
    });

  const sendNow = (schedule: boolean) =>
    act(async () => {
      if (schedule && !at) {
        setError("Choisissez la date et l'heure d'envoi (heure de Dakar).");
        return;
      }
      const saved = await save(true);
      if (!saved) return;
      const question = schedule
        ? `Programmer l'envoi de «\u00a0${saved.subject}\u00a0» le ${at.replace("T", " à ")} (heure de Dakar)\u00a0?`
        : `Envoyer «\u00a0${saved.subject}\u00a0» maintenant à ${saved.progress.total.toLocaleString("fr-FR")} abonné${saved.progress.total > 1 ? "s" : ""} confirmé${saved.progress.total > 1 ? "s" : ""}\u00a0?`;
      if (!(await confirm(question, { confirmLabel: schedule ? "Programmer" : "Envoyer" }))) return;
      try {
        const answer = await call(api.admin.newsletter.issues({ id: saved._id }).send.post(schedule ? { at } : {}), "Erreur lors de l'envoi.");
        toast.success(answer.message);
        setLive(answer.issue);
        onChanged(answer.issue);
      } catch (e) {
        setError(errorText(e, "Erreur lors de l'envoi."));
      }
    });

  const unschedule = () =>
    act(async () => {
      if (!issue) return;
      try {
        const answer = await call(api.admin.newsletter.issues({ id: issue._id }).unschedule.post(), "Erreur lors de la déprogrammation.");
        toast.success(answer.message);
        onChanged(answer.issue);
      } catch (e) {
        toast.error(errorText(e, "Erreur lors de la déprogrammation."));
      }
    });

  const remove = () =>
    act(async () => {
      if (!issue || !(await confirm(`Supprimer le brouillon «\u00a0${issue.subject}\u00a0»\u00a0?`))) return;
      try {
        await call(api.admin.newsletter.issues({ id: issue._id }).delete(), "Erreur lors de la suppression.");
        toast.success("Numéro supprimé.");
        onClose();
      } catch (e) {
        toast.error(errorText(e, "Erreur lors de la suppression."));
      }
    });

  const title = issue ? (issue.number ? `Numéro ${issue.number}\u00a0: ${issue.subject}` : issue.subject) : "Nouveau numéro";
  const state = live ?? issue;

  return (
    <section className="issue-editor">
      <ScreenHead
        title={title}
        action={
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Retour aux numéros
          </button>
        }
      />
      {state && (
        <p role="status">
          État&nbsp;: {STATE_TEXT[state.state]}
          {state.scheduledAt && state.state === "scheduled" && <> · envoi prévu le {dakarText(state.scheduledAt)}</>}
          {(state.state === "sending" || state.state === "sent") && <> · {progressText(state.progress)}</>}
        </p>
      )}
      {state && (state.state === "sending" || state.state === "sent") && (
        <progress className="issue-progress-bar" max={Math.max(state.progress.total, 1)} value={state.progress.sent + state.progress.failed} aria-label="Progression de l'envoi" />
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => void (await save()));
        }}
      >
        <FormField label="Sujet" required>
          {(field) => <input {...field} type="text" maxLength={200} value={subject} disabled={!editable} onChange={(e) => setSubject(e.target.value)} />}
        </FormField>
        <FormField label="Introduction" hint={"Quelques lignes en tête de la lettre\u202f; une ligne vide sépare les paragraphes."}>
          {(field) => <textarea {...field} maxLength={5000} value={intro} disabled={!editable} onChange={(e) => setIntro(e.target.value)} />}
        </FormField>

        <section aria-labelledby="issue-items-title">
          <h2 id="issue-items-title" className="h4">
            Au sommaire ({items.length})
          </h2>
          <p className="muted">Ce qui est nouveau depuis le dernier numéro envoyé&nbsp;: les articles et médias publiés depuis, les événements à venir. Décochez ce que la lettre ne doit pas contenir.</p>
          <ItemSections proposal={proposal} chosen={items} editable={editable} onChange={setItems} />
        </section>

        <div className="issue-editor-actions">
          {editable && (
            <button type="submit" className="btn" disabled={busy}>
              Enregistrer le brouillon
            </button>
          )}
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void showPreview()}>
            Aperçu
          </button>
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void sendTest()}>
            Envoyer un test
          </button>
          {issue && issue.state === "draft" && (
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void remove()}>
              Supprimer le brouillon
            </button>
          )}
        </div>
      </form>

      {editable && (
        <section aria-labelledby="issue-send-title">
          <h2 id="issue-send-title" className="h4">
            Envoi
          </h2>
          <div className="issue-editor-actions">
            <button type="button" className="btn" disabled={busy} onClick={() => void sendNow(false)}>
              Envoyer maintenant
            </button>
            <FormField label="Date et heure d'envoi (heure de Dakar)">
              {(field) => <input {...field} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />}
            </FormField>
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void sendNow(true)}>
              Programmer
            </button>
            {issue?.state === "scheduled" && (
              <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void unschedule()}>
                Déprogrammer
              </button>
            )}
          </div>
        </section>
      )}

      {preview && (
        <section aria-labelledby="issue-preview-title">
          <h2 id="issue-preview-title" className="h4">
            Aperçu du courriel
          </h2>
          <iframe className="issue-preview" title={`Aperçu de la lettre «\u00a0${subject}\u00a0»`} sandbox="" srcDoc={previewDocument(preview)} />
        </section>
      )}
    </section>
  );
}
