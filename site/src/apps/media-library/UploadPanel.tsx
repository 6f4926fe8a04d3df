/**
 * « Téléverser » inside the media picker (issue 19 §2): a new media sent from the dialog itself, through the same
 * upload as the media form (multipart over XHR, real progress, « Annuler l'envoi »), its progress bar kept in
 * view inside the dialog; once the server has it, the new media is handed to the picker, which chooses it.
 * The type and a first title come from the chosen file; a member's upload waits for approval (the article may
 * still link it: it is theirs). For a picture going into a text (`picture`), only what the insertion needs is
 * asked, the file and its « Texte alternatif » (issue 33 §4): the title comes from the file's name and the media's
 * required description (spec §5) is the alternative text, both to be completed later in the media's form.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { Media } from "../../../../api/contract";
import type { AppContext } from "../articles/api";
import { errorText, isAbort, type Progress } from "../lib/api";
import { MEDIA_TYPE_LABELS } from "../lib/labels";
import { mediaChanged, saveMedia } from "../media/api";
import { acceptOf, FILE_FORMATS, mediaErrors, mediaFormData, type FileMediaType, type MediaDraft, type MediaErrors } from "../media/media-form";
import { toast } from "../stores/toasts";
import { FormField } from "../ui/FormField";
import { Icon } from "../ui/Icon";
import { UploadProgress } from "../ui/UploadProgress";
import { ALT_REQUIRED } from "../articles/editor/PictureDialog";
import { fileTypeOf, titleFromFileName } from "./picker-state";

const FILE_TYPES = Object.keys(FILE_FORMATS) as FileMediaType[];
const EMPTY: MediaDraft = { title: "", type: "", description: "", externalUrl: "", tags: "", file: null };

type Props = {
  context: AppContext;
  onlyType?: FileMediaType;
  /** A picture for a text: the file and its alternative text only, handed back with the media. */
  picture?: boolean;
  onUploaded: (media: Media, alt?: string) => void;
};

export function UploadPanel({ context, onlyType, picture = false, onUploaded }: Props) {
  const uid = useId();
  const [draft, setDraft] = useState<MediaDraft>({ ...EMPTY, type: picture ? "image" : (onlyType ?? "") });
  const [alt, setAlt] = useState("");
  const [altError, setAltError] = useState<string | null>(null);
  const [errors, setErrors] = useState<MediaErrors>({});
  const [progress, setProgress] = useState<Progress | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { file: `${uid}-file`, type: `${uid}-type`, title: `${uid}-title`, description: `${uid}-description`, alt: `${uid}-alt` };

  // An upload still running when the dialog goes away is stopped.
  useEffect(() => () => abort.current?.abort(), []);
  // The bar stays in view while the file goes (issue 19 §3.5), even in a dialog scrolled elsewhere.
  const uploading = progress !== null;
  useEffect(() => {
    if (uploading) progressRef.current?.scrollIntoView({ block: "nearest" });
  }, [uploading]);

  const set = <K extends keyof MediaDraft>(key: K, value: MediaDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const chooseFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    const type = onlyType ?? (file ? fileTypeOf(file) : "");
    setDraft((d) => ({ ...d, file, type: type || d.type, title: d.title || (file ? titleFromFileName(file.name) : "") }));
    setErrors((er) => ({ ...er, file: undefined, type: undefined }));
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    // React passes a submit up through portals: opened from the article's editor, this form sits (in React's tree)
    // inside the article form, which would take the submit as its own and close.
    e.stopPropagation();
    if (uploading) return;
    // A picture's title and description are the file's name and the alternative text, unless already written.
    const text = alt.trim();
    const sent: MediaDraft = picture ? { ...draft, type: "image", title: draft.title || (draft.file ? titleFromFileName(draft.file.name) : ""), description: text } : draft;
    const problems = mediaErrors(sent, null);
    setErrors(problems);
    setAltError(picture && !text ? ALT_REQUIRED : null);
    setNote(null);
    const first = picture ? (problems.file ? "file" : !text ? "alt" : null) : (["file", "type", "title", "description"] as const).find((k) => problems[k]);
    if (first) {
      document.getElementById(ids[first])?.focus();
      return;
    }
    // A picture's own fields are fine, but what was made from them is not (a file name past 200 characters).
    const other = picture ? Object.values(problems).find(Boolean) : undefined;
    if (other) {
      toast.error(other, { action: "picker-upload" });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ sent: 0, total: draft.file!.size });
    try {
      const media = await saveMedia(context, null, mediaFormData(sent), { signal: controller.signal, onProgress: setProgress });
      toast.success(`Média «\u00a0${media.title}\u00a0» téléversé et choisi.`, { action: "picker-upload" });
      mediaChanged();
      setDraft({ ...EMPTY, type: picture ? "image" : (onlyType ?? "") });
      setAlt("");
      if (fileInput.current) fileInput.current.value = "";
      onUploaded(media, picture ? text : undefined);
    } catch (err) {
      if (isAbort(err)) setNote("Envoi annulé. Rien n'a été enregistré.");
      else toast.error(errorText(err, "Erreur lors de la création."), { action: "picker-upload" });
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  const type = draft.type;
  const accept = onlyType ? acceptOf(onlyType) : FILE_TYPES.map(acceptOf).join(",");
  return (
    <form className="picker-upload" onSubmit={send} noValidate aria-labelledby={`${uid}-legend`}>
      <h3 id={`${uid}-legend`} className="picker-upload-title">
        Téléverser un nouveau média
      </h3>
      <FormField
        label="Fichier"
        required
        id={ids.file}
        error={errors.file}
        hint={`Formats acceptés\u00a0: ${(onlyType ? [onlyType] : FILE_TYPES).map((t) => FILE_FORMATS[t].names).join(", ")}.`}
      >
        {(field) => <input {...field} ref={fileInput} type="file" accept={accept} onChange={chooseFile} disabled={uploading} />}
      </FormField>
      {picture && (
        <FormField label="Texte alternatif" required id={ids.alt} error={altError} hint="Ce que montre l'image, pour les personnes qui ne la voient pas. Il sert aussi de description au média, à compléter plus tard si besoin.">
          {(field) => <input {...field} type="text" value={alt} maxLength={300} onChange={(e) => setAlt(e.target.value)} disabled={uploading} />}
        </FormField>
      )}
      {!onlyType && !picture && (
        <FormField label="Type de média" required id={ids.type} error={errors.type}>
          {(field) => (
            <select {...field} value={type} onChange={(e) => set("type", e.target.value as MediaDraft["type"])} disabled={uploading}>
              <option value="">Choisir un type</option>
              {FILE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {MEDIA_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      {!picture && (
        <>
          <FormField label="Titre du média" required id={ids.title} error={errors.title}>
            {(field) => <input {...field} type="text" value={draft.title} onChange={(e) => set("title", e.target.value)} disabled={uploading} />}
          </FormField>
          <FormField label="Description du média" required id={ids.description} error={errors.description}>
            {(field) => <textarea {...field} rows={2} value={draft.description} onChange={(e) => set("description", e.target.value)} disabled={uploading} />}
          </FormField>
        </>
      )}
      <div className="picker-upload-send" ref={progressRef}>
        {progress ? (
          <UploadProgress {...progress} onCancel={() => abort.current?.abort()} />
        ) : (
          <button type="submit" className="btn btn-small">
            <Icon name="upload" /> Téléverser ce média
          </button>
        )}
      </div>
      {/* Present from the start so the note is announced when it appears. */}
      <p role="status" className="picker-upload-note">
        {note}
      </p>
    </form>
  );
}
