/**
 * The one media create/edit modal (spec §2, §5, §7), for the member space and the back office:
 *
 *   <MediaForm context="member" open={open} mediaId={null | id} onClose={close} />
 *
 * Title, type, description, tags; a file for audio, video, image and pdf (required on create, and when the type
 * changes; the picker accepts the §5 formats), an address for link and external. The body is multipart, sent
 * through the XHR uploader: a real progress bar (bytes sent / total) and « Annuler l'envoi ». In member context,
 * the edit of a media the member did not upload shows the server's 403 text instead of a form.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import type { Media } from "../../../../api/contract";
import { errorText, isAbort, type Progress } from "../lib/api";
import { MEDIA_TYPE_LABELS } from "../lib/labels";
import type { AppContext } from "../articles/api";
import { toast } from "../stores/toasts";
import { useViewer } from "../stores/viewer";
import { FormField } from "../ui/FormField";
import { EditModal, useEditedItem } from "../ui/EditModal";
import { formatBytes, UploadProgress } from "../ui/UploadProgress";
import { loadMedia, mediaChanged, saveMedia } from "./api";
import {
  acceptOf,
  DESCRIPTION_MAX,
  draftOf,
  FILE_FORMATS,
  fileProblem,
  fileRequired,
  isFileType,
  MEDIA_TYPES,
  mediaErrors,
  mediaFormData,
  storedFileText,
  type MediaDraft,
  type MediaErrors,
} from "./media-form";
import { NOT_YOUR_MEDIA, uploadedBy } from "./ownership";
import "./MediaForm.css";

export type MediaFormProps = {
  context: AppContext;
  open: boolean;
  /** null: a new media; else the id of the media to edit (loaded when the modal opens). */
  mediaId: string | null;
  onClose: () => void;
  /** Called with the server's media after a successful save (the modal then closes itself via onClose). */
  onSaved?: (media: Media) => void;
};

const FIELDS = ["title", "type", "description", "externalUrl", "file"] as const;

export function MediaForm({ context, open, mediaId, onClose, onSaved }: MediaFormProps) {
  const viewer = useViewer();
  const uid = useId();
  const [draft, setDraft] = useState<MediaDraft>(() => draftOf(null));
  const [errors, setErrors] = useState<MediaErrors>({});
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Each opening starts from the stored media (or an empty form).
  const phase = useEditedItem<Media>(
    {
      open,
      id: mediaId,
      load: (id) => loadMedia(context, id),
      allowed: (media) => context !== "member" || uploadedBy(media, viewer._id),
      refusedText: NOT_YOUR_MEDIA,
      loadError: "Erreur lors du chargement des médias",
      reset: (media) => {
        setDraft(draftOf(media));
        if (media) return;
        setErrors({});
        setNote(null);
        setProgress(null);
      },
    },
    [context, viewer._id],
  );
  const stored = phase.state === "ready" ? phase.item : null;

  // An upload still running when the modal goes away is stopped.
  useEffect(() => () => abort.current?.abort(), []);

  const ids = Object.fromEntries(FIELDS.map((f) => [f, `${uid}-${f}`])) as Record<(typeof FIELDS)[number], string>;
  const set = <K extends keyof MediaDraft>(key: K, value: MediaDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const chooseFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    const problem = file && isFileType(draft.type) ? fileProblem(draft.type, file) : null;
    setErrors((er) => ({ ...er, file: problem ?? undefined }));
    if (problem) e.target.value = "";
    set("file", problem ? null : file);
  };

  // A file chosen for another type would be refused: the picker starts again with the new type's formats.
  const changeType = (next: MediaDraft["type"]) => {
    setDraft((d) => ({ ...d, type: next, file: null }));
    setErrors((er) => ({ ...er, type: undefined, file: undefined }));
  };

  const save = async () => {
    const problems = mediaErrors(draft, stored);
    setErrors(problems);
    setNote(null);
    const first = FIELDS.find((k) => problems[k]);
    if (first) {
      document.getElementById(ids[first])?.focus();
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    const sendsFile = isFileType(draft.type) && draft.file !== null;
    setSaving(true);
    setProgress(sendsFile ? { sent: 0, total: draft.file!.size } : null);
    try {
      const media = await saveMedia(context, mediaId, mediaFormData(draft), {
        signal: controller.signal,
        onProgress: sendsFile ? setProgress : undefined,
      });
      toast.success(mediaId ? "Média mis à jour avec succès." : "Média créé avec succès.");
      mediaChanged();
      onSaved?.(media);
      onClose();
    } catch (err) {
      if (isAbort(err)) setNote("Envoi annulé. Rien n'a été enregistré.");
      else toast.error(errorText(err, mediaId ? "Erreur lors de la mise à jour." : "Erreur lors de la création."));
    } finally {
      abort.current = null;
      setSaving(false);
      setProgress(null);
    }
  };

  const type = draft.type;
  const current = stored ? storedFileText(stored) : null;
  const needsFile = phase.state === "ready" && fileRequired(draft, stored);

  return (
    <EditModal
      phase={phase}
      open={open}
      title={mediaId ? "Modifier le média" : "Créer un média"}
      size="lg"
      onClose={onClose}
      onSubmit={save}
      submitLabel={mediaId ? "Enregistrer" : "Créer le média"}
      saving={saving}
    >
      <>
        <FormField label="Titre" required error={errors.title} id={ids.title} hint="200 caractères au plus.">
          {(field) => <input {...field} type="text" value={draft.title} onChange={(e) => set("title", e.target.value)} />}
        </FormField>
        <FormField label="Type de média" required error={errors.type} id={ids.type}>
          {(field) => (
            <select {...field} value={type} onChange={(e) => changeType(e.target.value as MediaDraft["type"])}>
              <option value="">Choisir un type</option>
              {MEDIA_TYPES.map((t) => (
                <option key={t} value={t}>
                  {MEDIA_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label="Description"
          required
          error={errors.description}
          id={ids.description}
          hint={`${draft.description.trim().length.toLocaleString("fr-FR")} / ${DESCRIPTION_MAX.toLocaleString("fr-FR")} caractères.`}
        >
          {(field) => <textarea {...field} rows={5} value={draft.description} onChange={(e) => set("description", e.target.value)} />}
        </FormField>
        {(type === "link" || type === "external") && (
          <FormField label="URL" required error={errors.externalUrl} id={ids.externalUrl} hint="Adresse complète, commençant par https://">
            {(field) => (
              <input
                {...field}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={draft.externalUrl}
                onChange={(e) => set("externalUrl", e.target.value)}
              />
            )}
          </FormField>
        )}
        {isFileType(type) && (
          <>
            {current && stored?.type === type && (
              <p className="media-current-file">
                Fichier actuel&nbsp;:{" "}
                <a href={stored.path} target="_blank" rel="noopener">
                  {current.name}
                  <span className="sr-only"> (nouvel onglet)</span>
                </a>{" "}
                ({current.details})
              </p>
            )}
            <FormField
              label="Fichier"
              required={needsFile}
              error={errors.file}
              id={ids.file}
              hint={`Formats acceptés\u00a0: ${FILE_FORMATS[type].names}.${needsFile ? "" : " Laissez vide pour garder le fichier actuel."}`}
            >
              {(field) => <input {...field} key={type} type="file" accept={acceptOf(type)} onChange={chooseFile} disabled={saving} />}
            </FormField>
            {draft.file && !errors.file && (
              <p className="field-hint">
                {draft.file.name} ({formatBytes(draft.file.size)})
              </p>
            )}
          </>
        )}
        <FormField label="Mots-clés" hint="Séparés par des virgules.">
          {(field) => <input {...field} type="text" value={draft.tags} onChange={(e) => set("tags", e.target.value)} />}
        </FormField>
        {progress && <UploadProgress {...progress} onCancel={() => abort.current?.abort()} />}
        {/* Present from the start so the note is announced when it appears. */}
        <p role="status" className="media-note">
          {note}
        </p>
      </>
    </EditModal>
  );
}
