/**
 * The one article create/edit modal (spec §2, §4, §5), for the member space and the back office:
 *
 *   <ArticleForm context="member" open={open} articleId={null | id} onClose={close} />
 *   <ArticleForm context="admin" open={open} articleId={id} onClose={close}
 *     themes={themes} authorChoices={users} />
 *
 * Member context: themes come from /api/user/themes unless given, and the edit of an article the member does not
 * author shows the server's 403 text instead of a form. Admin context: the admin may also choose the authors
 * (`authorChoices`; none chosen: the admin is the author). Linked media are listed with their remove buttons and
 * chosen in the media library picker (« Choisir des médias », media-library/MediaPicker.tsx), which offers what
 * the server lets the caller link; the picture may come from the library too.
 * Lists are reloaded after every save; « Article créé avec succès. » / « Article mis à jour avec succès. ».
 */
import { useEffect, useId, useRef, useState } from "react";
import type { Article, ThemeRef, UserSummary } from "../../../../api/contract";
import { sortFrench } from "../../lib/collate";
import { ApiError, errorText } from "../lib/api";
import { MEDIA_TYPE_LABELS } from "../lib/labels";
import { useResource } from "../lib/query";
import { MediaPreview } from "../media-library/MediaGrid";
import { MediaPicker } from "../media-library/MediaPicker";
import { choiceOf, chosenText, type MediaChoice } from "../media-library/picker-state";
import { toast } from "../stores/toasts";
import { useViewer } from "../stores/viewer";
import { FieldGroup, FormField } from "../ui/FormField";
import { ImageCropper } from "../ui/ImageCropper";
import { EditModal, useEditedItem } from "../ui/EditModal";
import { approvePendingEdit, articlesChanged, createArticle, loadArticle, previewHref, rejectPendingEdit, updateArticle, type AppContext } from "./api";
import { EditRefusalNote } from "./EditRefusal";
import { RefuseEditDialog } from "./RefuseEditDialog";
import { articleBody, articleErrors, blockingRule, draftOf, isBlank, type ArticleDraft, type ArticleErrors } from "./article-form";
import { groupDigits, RULE_MESSAGES } from "../../../../shared/article-rules";
import { htmlToText } from "../../../../shared/html-text";
import { ArticlePictureField, useArticlePicture } from "./ArticlePicture";
import { BodyField, type BodyEditorHandle } from "./BodyField";
import { authoredBy, NOT_YOUR_ARTICLE } from "./ownership";
import { forgetLocalDraft, readLocalDraft, statusText, useAutosave, type LocalDraft } from "./autosave";
import { HistoryDialog } from "./HistoryDialog";
import { toDakarInput } from "../lib/scheduled";
import { $articleRules, $userThemes } from "./stores";
import "./ArticleForm.css";

export type ArticleFormProps = {
  context: AppContext;
  open: boolean;
  /** null: a new article; else the id of the article to edit (loaded when the modal opens). */
  articleId: string | null;
  onClose: () => void;
  /** Called with the server's article after a successful save (the modal then closes itself via onClose). */
  onSaved?: (article: Article) => void;
  /** The theme checkboxes; loaded from /api/user/themes when absent. */
  themes?: readonly ThemeRef[];
  /** Admin context: the people who may be named as authors (the authors field shows only with this list). */
  authorChoices?: readonly UserSummary[];
};

/** Loads the member's themes when the caller gives none (the back office passes its own list). */
export function ArticleForm(props: ArticleFormProps) {
  if (props.themes) return <ArticleFormModal {...props} themes={props.themes} />;
  return <WithMemberThemes {...props} />;
}

function WithMemberThemes(props: ArticleFormProps) {
  const themes = useResource($userThemes, "Erreur lors du chargement des thèmes");
  return <ArticleFormModal {...props} themes={themes.data ?? []} />;
}

function ArticleFormModal(props: ArticleFormProps & { themes: readonly ThemeRef[] }) {
  const { context, open, articleId, onClose } = props;
  const viewer = useViewer();
  const uid = useId();
  // The server's limit (ARTICLE_MAX_CHARS); until it is known, only the server checks the length.
  const maxChars = useResource($articleRules, "Erreur lors du chargement des règles des articles.").data?.maxChars;
  const [current, setDraft] = useState<ArticleDraft>(() => draftOf(null));
  const draft = current;
  const [errors, setErrors] = useState<ArticleErrors>({});
  const [saving, setSaving] = useState(false);
  // The linked media as the list shows them (the draft keeps their ids), and whether the picker is open.
  const [media, setMediaList] = useState<MediaChoice[]>([]);
  const [picking, setPicking] = useState(false);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const body = useRef<BodyEditorHandle>(null);
  const [textLength, setTextLength] = useState<number | null>(null);
  // Text this browser kept and the server never got (crash, closed tab, offline): offered for restoring.
  const [unsent, setUnsent] = useState<LocalDraft | null>(null);
  // Bumped to give the editor a restored body (it takes its content when created).
  const [bodyKey, setBodyKey] = useState(0);
  const currentRef = useRef(current);
  currentRef.current = current;
  const form = useRef<HTMLDivElement>(null);
  // « Historique »: its dialog, and a reload of the article after a restore.
  const [history, setHistory] = useState(false);
  // « Refuser la modification »: its reason dialog (issue 32 §3).
  const [refusing, setRefusing] = useState(false);
  const [reloads, setReloads] = useState(0);
  // « Publier le » (admins, issue 20 §5): the field's value, sent when it differs from the stored one.
  const [publishAt, setPublishAt] = useState("");
  // Each opening starts from the stored article (or an empty form).
  const phase = useEditedItem<Article>(
    {
      open,
      id: articleId,
      load: (id) => loadArticle(context, id),
      allowed: (article) => context !== "member" || authoredBy(article, viewer._id),
      refusedText: NOT_YOUR_ARTICLE,
      loadError: "Erreur lors du chargement des articles.",
      reset: (article) => {
        setDraft(draftOf(article));
        setMediaList(article ? article.media.map(choiceOf) : []);
        setPublishAt(toDakarInput(article?.publishAt ?? null));
        setTextLength(null);
        if (!article) setErrors({});
        setUnsent(context === "member" ? readLocalDraft(article?._id ?? null) : null);
      },
    },
    [context, viewer._id, reloads],
  );
  const stored = phase.state === "ready" ? phase.item : null;
  const picture = useArticlePicture(context, articleId, stored?.articlePic ?? null, open ? articleId ?? "new" : null);

  const readDraft = (): ArticleDraft => (body.current ? { ...currentRef.current, content: body.current.getHtml() } : currentRef.current);
  // A member's new article, draft or published article is saved as they write (issue 20 §2, issue 32); a submitted
  // one waiting for review is not (a draft save would take it back from the admins' queue).
  const autosaving = open && phase.state === "ready" && context === "member" && (articleId === null || stored?.draft === true || stored?.approved === true);
  const autosave = useAutosave({
    enabled: autosaving,
    blank: isBlank,
    id: articleId,
    version: stored?.version ?? null,
    read: readDraft,
    send: (d, id, version) => {
      // A published article's draft save is its pending edit, which an admin may approve: it must be submittable.
      const rule = stored?.approved ? blockingRule(d, maxChars) : null;
      if (rule) return Promise.reject(new ApiError(`Gardé sur cet appareil\u00a0: ${rule}.`, 400));
      const sent = { ...articleBody(d, null, context), draft: true as const };
      return id ? updateArticle(context, id, { ...sent, ...(version ? { version } : {}) }) : createArticle(context, sent);
    },
    onSaved: () => articlesChanged(),
  });
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    // After React has applied the edit: the native event reaches this wrapper before React's root listener.
    const onEdit = () => setTimeout(autosave.changed, 0);
    el.addEventListener("input", onEdit);
    el.addEventListener("change", onEdit);
    return () => {
      el.removeEventListener("input", onEdit);
      el.removeEventListener("change", onEdit);
    };
  });
  const restore = () => {
    if (!unsent) return;
    setDraft(unsent.draft);
    setTextLength(null);
    setBodyKey((k) => k + 1);
    setUnsent(null);
    setTimeout(autosave.changed, 0);
  };

  const set = <K extends keyof ArticleDraft>(key: K, value: ArticleDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setMedia = (list: MediaChoice[]) => {
    setMediaList(list);
    set("media", list.map((m) => m._id));
    // A choice made in the picker (another dialog) or by a button is a change too: the article's dialog counts
    // its own form's change events to ask « Quitter sans enregistrer ? » (ui/Modal.tsx).
    chooseButton.current?.dispatchEvent(new Event("change", { bubbles: true }));
  };
  const toggleTheme = (id: string, on: boolean) =>
    setDraft((d) => ({ ...d, themes: on ? [...d.themes, id] : d.themes.filter((t) => t !== id) }));

  const ids = { title: `${uid}-title`, content: `${uid}-content`, themes: `${uid}-theme-0` };

  /** The form's draft with its body, or null after showing what is missing. */
  const checked = (): ArticleDraft | null => {
    // The editor keeps the body; it is read once here rather than at every key (long articles stay fluid).
    if (body.current?.busy()) {
      toast.error("Une image est en cours d'ajout : terminez-la avant d'enregistrer.");
      return null;
    }
    const draft = body.current ? { ...current, content: body.current.getHtml() } : current;
    setDraft(draft);
    const problems = articleErrors(draft, maxChars);
    setErrors(problems);
    const first = (["title", "content", "themes"] as const).find((k) => problems[k]);
    if (first) {
      if (first === "content") body.current?.focus();
      else document.getElementById(ids[first])?.focus();
      return null;
    }
    return draft;
  };

  /** « Enregistrer le brouillon »: saved as a draft whatever it holds (created if new); the form stays open. */
  const saveDraft = async () => {
    if (body.current?.busy()) {
      toast.error("Une image est en cours d'ajout\u00a0: terminez-la avant d'enregistrer.");
      return;
    }
    if (isBlank(readDraft())) {
      toast.error(RULE_MESSAGES.emptyDraft);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (await autosave.saveNow()) toast.success("Brouillon enregistré.");
    } finally {
      setSaving(false);
    }
  };

  const save = async () => {
    const draft = checked();
    if (!draft) return;
    setSaving(true);
    await autosave.settle();
    try {
      // The article autosave created, at the version it last saved.
      const { id: savedId, version: savedVersion } = autosave.current();
      const id = savedId ?? articleId;
      const version = savedVersion ?? stored?.version;
      const schedule = context === "admin" && publishAt !== toDakarInput(stored?.publishAt ?? null) ? { publishAt: publishAt || null } : {};
      const sent = { ...articleBody(draft, stored, context), ...(version ? { version } : {}), ...schedule };
      const article = id ? await updateArticle(context, id, sent) : await createArticle(context, sent);
      forgetLocalDraft(article._id);
      forgetLocalDraft(null);
      await picture.sendPending(article._id);
      toast.success(articleId ? "Article mis à jour avec succès." : "Article créé avec succès.");
      articlesChanged();
      props.onSaved?.(article);
      onClose();
    } catch (err) {
      toast.error(errorText(err, articleId ? "Impossible de mettre à jour l'article." : "Erreur lors de la création."));
    } finally {
      setSaving(false);
    }
  };

  /**
   * « Refuser la modification » (admins), after the reason dialog: the form then shows the approved text again;
   * history keeps the refused one. Throws to keep the dialog open with the server's message.
   */
  const rejectEdit = async (reason: string) => {
    if (!stored) return;
    setSaving(true);
    try {
      await rejectPendingEdit(stored._id, reason, stored.version);
      setRefusing(false);
      toast.success("Modification refusée\u00a0: la version approuvée est conservée. Les auteurs sont prévenus par courriel.");
      articlesChanged();
      setReloads((n) => n + 1);
      setBodyKey((k) => k + 1);
    } finally {
      setSaving(false);
    }
  };

  /** « Approuver la modification » (admins): the edit becomes the public text; the form shows it as published. */
  const approveEdit = async () => {
    if (!stored) return;
    setSaving(true);
    try {
      await approvePendingEdit(stored._id, stored.version);
      toast.success("Modification approuvée\u00a0: la page publique sera mise à jour dans un instant.");
      articlesChanged();
      setReloads((n) => n + 1);
      setBodyKey((k) => k + 1);
    } catch (err) {
      toast.error(errorText(err, "Impossible d'approuver la modification."));
    } finally {
      setSaving(false);
    }
  };

  const title = articleId ? "Modifier l'article" : "Nouvel article";
  // A member's new article or draft: « Enregistrer le brouillon » beside « Soumettre pour publication ».
  const drafting = context === "member" && (articleId === null || stored?.draft === true);
  const submitLabel = drafting ? "Soumettre pour publication" : articleId ? "Enregistrer" : "Créer l'article";

  const length = textLength ?? htmlToText(draft.content).length;
  // The article as the server knows it: the one opened, or the new one autosave created.
  const savedId = articleId ?? autosave.current().id;

  return (
    <>
      {/* One dialog whatever the phase, so focus goes back to the opening button when it closes. */}
      <EditModal
        phase={phase}
        open={open}
        title={title}
        size="lg"
        onClose={onClose}
        onSubmit={save}
        // Autosaved edits are not lost by leaving: only edits still waiting for the server make it ask.
        unsaved={() => !autosaving || autosave.pending() || (autosave.current().id === null && !isBlank(readDraft()))}
        submitLabel={submitLabel}
        saving={saving}
        extraActions={
          phase.state === "ready" && (drafting || savedId) ? (
            <>
              {articleId && (
                <button type="button" className="btn btn-outline" disabled={saving} onClick={() => setHistory(true)}>
                  Historique
                </button>
              )}
              {savedId && (
                // The saved text as its public page will look (issue 20 §3), at a private address of the API.
                <a className="btn btn-outline" href={previewHref(context, savedId)} target="_blank" rel="noopener">
                  Aperçu<span className="sr-only"> (nouvel onglet, texte enregistré)</span>
                </a>
              )}
              {drafting && (
                <button type="button" className="btn btn-outline" disabled={saving} onClick={() => void saveDraft()}>
                  Enregistrer le brouillon
                </button>
              )}
            </>
          ) : undefined
        }
      >
        <div ref={form} className="article-form-fields">
          {stored?.pendingEdit && (
            <div className="article-pending-edit" role="note">
              <p>
                Une modification attend l'approbation d'un administrateur&nbsp;: la page publique montre la version approuvée
                jusque-là.
              </p>
              {context === "admin" && (
                <div className="article-pending-edit-actions">
                  <button type="button" className="btn btn-small" disabled={saving} onClick={() => void approveEdit()}>
                    Approuver la modification
                  </button>
                  <button type="button" className="btn btn-small btn-outline" disabled={saving} onClick={() => setRefusing(true)}>
                    Refuser la modification
                  </button>
                </div>
              )}
            </div>
          )}
          {stored?.editRefusal && !stored.pendingEdit && <EditRefusalNote refusal={stored.editRefusal} context={context} />}
          {unsent && (
            <div className="article-unsent" role="alert">
              <p>Une version plus récente de ce texte, non enregistrée, est gardée sur cet appareil.</p>
              <button type="button" className="btn btn-small" onClick={restore}>
                Restaurer la version non enregistrée
              </button>{" "}
              <button
                type="button"
                className="btn btn-small btn-outline"
                onClick={() => {
                  forgetLocalDraft(unsent.id);
                  setUnsent(null);
                }}
              >
                Ignorer
              </button>
            </div>
          )}
          <FormField label="Titre" required error={errors.title} id={ids.title} hint="200 caractères au plus.">
            {(field) => <input {...field} type="text" value={draft.title} onChange={(e) => set("title", e.target.value)} />}
          </FormField>
          <BodyField
            // A new editor for each opened article: it takes its content when it is created.
            key={`${stored?._id ?? "new"}-${bodyKey}`}
            id={ids.content}
            context={context}
            initialHtml={draft.content}
            error={errors.content}
            hint={lengthHint(length, maxChars, drafting)}
            onTextLength={(n) => {
              setTextLength(n);
              // Toolbar and keyboard edits of the body count as typing too.
              autosave.changed();
            }}
            handleRef={body}
          />
          <FieldGroup legend="Thèmes" required error={errors.themes} hint="Au moins un thème.">
            {props.themes.length === 0 ? (
              <p className="muted">Chargement...</p>
            ) : (
              <div className="article-theme-list">
                {/* Already in French order: the theme routes sort with the collator (api/modules/themes/service.ts). */}
                {props.themes.map((t, i) => (
                  <label key={t._id}>
                    <input
                      type="checkbox"
                      id={i === 0 ? ids.themes : undefined}
                      checked={draft.themes.includes(t._id)}
                      onChange={(e) => toggleTheme(t._id, e.target.checked)}
                    />
                    {t.name}
                  </label>
                ))}
              </div>
            )}
          </FieldGroup>
          <FormField label="Mots-clés" hint={"Séparés par des virgules, par exemple\u00a0: climat, pêche, littoral."}>
            {(field) => <input {...field} type="text" value={draft.keywords} onChange={(e) => set("keywords", e.target.value)} />}
          </FormField>
          <FieldGroup legend="Médias associés">
            <p className="article-media-count">{chosenText(media.length)}</p>
            {media.length > 0 && (
              <ul className="article-media-list" aria-label="Médias associés">
                {media.map((m) => (
                  <li key={m._id}>
                    <MediaPreview media={m} />
                    <span className="article-media-title">{m.title}</span>
                    <span className="badge">{MEDIA_TYPE_LABELS[m.type] ?? m.type}</span>
                    <button
                      type="button"
                      className="btn btn-small btn-outline"
                      aria-label={`Retirer «\u00a0${m.title}\u00a0»`}
                      onClick={() => setMedia(media.filter((x) => x._id !== m._id))}
                    >
                      Retirer
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <button ref={chooseButton} type="button" className="btn btn-small btn-outline article-media-choose" onClick={() => setPicking(true)}>
              Choisir des médias
            </button>
          </FieldGroup>
          {context === "admin" && props.authorChoices && (
            <FormField label="Auteurs" hint={"Ctrl (ou Cmd) + clic pour en choisir plusieurs\u00a0; aucun choisi\u00a0: vous êtes l'auteur."}>
              {(field) => (
                <select
                  {...field}
                  multiple
                  size={Math.min(6, Math.max(3, props.authorChoices!.length))}
                  value={draft.authors}
                  onChange={(e) => set("authors", Array.from(e.target.selectedOptions, (o) => o.value))}
                >
                  {sortFrench(props.authorChoices!, (u) => `${u.name} ${u.firstname}`).map((u) => (
                    <option key={u._id} value={u._id}>
                      {u.firstname} {u.name} ({u.nickname})
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          {context === "admin" && (
            <FormField
              label="Publier le"
              hint={
                stored?.approved
                  ? "Heure de Dakar. Vos modifications seront publiées à cette heure-là\u00a0; la page publique reste inchangée jusque-là. Vide\u00a0: publiées tout de suite."
                  : "Heure de Dakar. L'article sera approuvé et publié à cette heure-là. Vide\u00a0: pas de publication programmée."
              }
            >
              {(field) => <input {...field} type="datetime-local" value={publishAt} onChange={(e) => setPublishAt(e.target.value)} />}
            </FormField>
          )}
          <ArticlePictureField picture={picture} />
          {autosaving && (
            <p className="article-autosave muted" role="status" aria-live="polite">
              {statusText(autosave.status)}
            </p>
          )}
        </div>
      </EditModal>
      {/* Outside the article's dialog: a dialog's form must not hold another's (submit would reach both). */}
      {articleId && (
        <HistoryDialog
          open={open && history}
          context={context}
          articleId={articleId}
          version={autosave.current().version ?? stored?.version}
          currentText={() => htmlToText(readDraft().content)}
          onClose={() => setHistory(false)}
          onRestored={() => {
            setHistory(false);
            articlesChanged();
            // The form shows the restored text, at its new version.
            setReloads((n) => n + 1);
            setBodyKey((k) => k + 1);
          }}
        />
      )}
      {context === "admin" && stored?.pendingEdit && (
        <RefuseEditDialog open={open && refusing} title={stored.title} onClose={() => setRefusing(false)} onRefuse={rejectEdit} />
      )}
      <MediaPicker open={open && picking} context={context} initial={media} onChoose={setMedia} onClose={() => setPicking(false)} />
      <MediaPicker {...picture.library} context={context} />
      <ImageCropper {...picture.cropper} />
    </>
  );
}

/**
 * The character count under the body, against the server's limit; past it, why the draft still saves but cannot be
 * submitted yet (issue 32: drafts are never blocked by the limit).
 */
function lengthHint(length: number, maxChars: number | undefined, drafting: boolean): string {
  if (maxChars === undefined) return `${groupDigits(length)} caractères.`;
  const count = `${groupDigits(length)} / ${groupDigits(maxChars)} caractères.`;
  if (length <= maxChars) return count;
  const over = `${count} ${groupDigits(length - maxChars)} de trop pour soumettre l'article`;
  return drafting ? `${over}\u00a0; le brouillon est bien enregistré.` : `${over}.`;
}
