/**
 * The article form's picture (spec §4, §5, §9): chosen (JPG, PNG or WEBP, 5 MB; anything else clears the choice
 * with the spec's message), cropped at 16:9 into an 800 px wide JPEG, then
 * - for an existing article, saved at once (« Image recadrée et sauvée »); if that fails the crop stays a local
 *   preview and is sent again after the article is saved;
 * - for a new article, held locally and sent once the article exists (`sendPending`).
 * The picture may also come from the media library (« Choisir dans la médiathèque »): an image media the person may
 * see, whose file is read through /uploads (which serves a pending media's file only to its uploader and admins)
 * and then cropped and sent like a file from the computer, so the server checks it as any new picture.
 * The original follows its crop. Removal asks first (« Supprimer l'image de l'article ? »: the stored files go at
 * once and cannot come back), then « Image supprimée ». A crop the server refuses stays a local preview, with
 * the reason under the picture field (the article dialog is open: a toast behind it would not be seen).
 */
import { useEffect, useMemo, useState, type ChangeEvent } from "react";
import { articlePicSrc } from "../../lib/paths";
import { errorText } from "../lib/api";
import { pictureProblem } from "../profile/picture";
import { toast } from "../stores/toasts";
import { confirm } from "../ui/ConfirmDialog";
import { Icon } from "../ui/Icon";
import { FormField } from "../ui/FormField";
import type { ImageCropperProps } from "../ui/ImageCropper";
import type { MediaPickerProps } from "../media-library/MediaPicker";
import type { MediaChoice } from "../media-library/picker-state";
import { articlesChanged, deleteArticlePicture, saveArticleCrop, saveArticleOriginal, type AppContext } from "./api";

/** Spec §9: article crops are 800 px wide; 16:9 matches the 160x90 preview and the public pages. */
export const ARTICLE_CROP = { aspect: 16 / 9, output: { width: 800 } } as const;

export type ArticlePictureState = ReturnType<typeof useArticlePicture>;

/**
 * State of the picture of the article `articleId` (null: not created yet) whose stored picture is `stored`.
 * Starts again whenever the form opens on another article.
 */
export function useArticlePicture(context: AppContext, articleId: string | null, stored: string | null, resetKey: unknown) {
  const [saved, setSaved] = useState<string | null>(stored);
  const [localCrop, setLocalCrop] = useState<Blob | null>(null);
  const [original, setOriginal] = useState<File | null>(null);
  const [cropping, setCropping] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    setSaved(stored);
    setLocalCrop(null);
    setOriginal(null);
    setCropping(null);
    setError(null);
    setPicking(false);
  }, [stored, resetKey]);

  const localUrl = useMemo(() => (localCrop ? URL.createObjectURL(localCrop) : null), [localCrop]);
  useEffect(() => () => {
    if (localUrl) URL.revokeObjectURL(localUrl);
  }, [localUrl]);

  const preview = localUrl ?? (saved ? articlePicSrc(saved) : null);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The choice is cleared whatever happens: a refused file must not stay selected, an accepted one lives on as
    // the crop.
    e.target.value = "";
    if (!file) return;
    const problem = pictureProblem(file);
    setError(problem);
    if (!problem) setCropping(file);
  };

  /** An image of the library, read as a file and checked as one chosen from the computer, then cropped. */
  const fromLibrary = async (chosen: MediaChoice[]) => {
    const media = chosen[0];
    if (!media?.path) return;
    setError(null);
    setBusy(true);
    try {
      const res = await fetch(media.path, { credentials: "same-origin" });
      if (!res.ok) throw new Error("unreadable");
      const blob = await res.blob();
      const name = media.path.split("/").pop() ?? "image";
      const file = new File([blob], name, { type: blob.type });
      const problem = pictureProblem(file);
      setError(problem);
      if (!problem) setCropping(file);
    } catch {
      setError("Impossible de lire cette image de la médiathèque. Réessayez ou choisissez un fichier.");
    } finally {
      setBusy(false);
    }
  };

  const library: Omit<MediaPickerProps, "context"> = {
    open: picking,
    single: true,
    onlyType: "image",
    title: "Choisir l'image dans la médiathèque",
    initial: [],
    onChoose: (chosen) => void fromLibrary(chosen),
    onClose: () => setPicking(false),
  };

  const sendOriginal = async (id: string, file: File | null) => {
    if (!file) return;
    try {
      await saveArticleOriginal(context, id, file);
    } catch (err) {
      toast.error(errorText(err, "❌ Erreur lors de l’envoi de l’image originale"));
    }
  };

  const cropped = async (blob: Blob) => {
    const file = cropping;
    if (!articleId) {
      setLocalCrop(blob);
      setOriginal(file);
      setCropping(null);
      return;
    }
    try {
      const answer = await saveArticleCrop(context, articleId, blob);
      setSaved(answer.articlePic);
      setLocalCrop(null);
      setOriginal(null);
      setCropping(null);
      toast.success("Image recadrée et sauvée");
      // A member's new picture sends the article back to review: the lists behind the modal show it.
      articlesChanged();
      await sendOriginal(articleId, file);
    } catch (err) {
      // Kept as a local preview, sent again with the article.
      setLocalCrop(blob);
      setOriginal(file);
      setCropping(null);
      // The spec's fallback has no full stop; a server message usually has one.
      const said = errorText(err, "❌ Erreur lors du recadrage");
      setError(`${/[.!?]$/.test(said) ? said : `${said}.`} L'image sera envoyée avec l'article.`);
    }
  };

  const remove = async () => {
    setError(null);
    const stored = articleId !== null && saved !== null;
    const question = stored ? "Supprimer l'image de l'article\u00a0? Elle sera effacée tout de suite." : "Retirer l'image choisie\u00a0?";
    if (!(await confirm(question, { confirmLabel: stored ? "Supprimer l'image" : "Retirer l'image" }))) return;
    if (articleId && saved) {
      setBusy(true);
      try {
        const answer = await deleteArticlePicture(context, articleId);
        setSaved(answer.articlePic);
        articlesChanged();
      } catch (err) {
        toast.error(errorText(err, "Erreur lors de la suppression."));
        return;
      } finally {
        setBusy(false);
      }
    }
    setLocalCrop(null);
    setOriginal(null);
    toast.success("Image supprimée");
  };

  /** After the article is saved: sends a crop still held locally, then its original. */
  const sendPending = async (id: string) => {
    if (!localCrop) return;
    try {
      await saveArticleCrop(context, id, localCrop);
    } catch (err) {
      toast.error(errorText(err, "Erreur lors de l'upload de l'image"));
      return;
    }
    setLocalCrop(null);
    await sendOriginal(id, original);
  };

  const cropper: ImageCropperProps = {
    open: cropping !== null,
    source: cropping,
    aspect: ARTICLE_CROP.aspect,
    output: ARTICLE_CROP.output,
    title: "Recadrer l'image de l'article",
    onCancel: () => setCropping(null),
    onCropped: cropped,
  };

  return { preview, error, busy, choose, remove, sendPending, cropper, library, openLibrary: () => setPicking(true), pending: localCrop !== null };
}

/** The picture part of the form: preview (160x90, spec §9), file picker and removal. */
export function ArticlePictureField({ picture }: { picture: ArticlePictureState }) {
  return (
    <div className="article-picture-field">
      <div className="article-picture-preview">
        {picture.preview ? (
          <img src={picture.preview} alt="Aperçu de l'image de l'article" width={160} height={90} />
        ) : (
          <span className="muted">Pas d'image</span>
        )}
      </div>
      <div className="article-picture-controls">
        <FormField
          label="Image de l'article"
          hint="JPG, PNG ou WEBP, 5 Mo au plus. Vous la recadrerez ensuite (800 px de large)."
          error={picture.error}
        >
          {(field) => <input {...field} type="file" accept="image/jpeg,image/png,image/webp" onChange={picture.choose} />}
        </FormField>
        <button type="button" className="btn btn-small btn-outline" onClick={picture.openLibrary} disabled={picture.busy}>
          Choisir dans la médiathèque
        </button>
        {picture.preview && (
          <button type="button" className="btn btn-small btn-outline" onClick={() => void picture.remove()} disabled={picture.busy}>
            {picture.busy && (
              <>
                <Icon name="busy" />{" "}
              </>
            )}
            Supprimer l'image
          </button>
        )}
      </div>
    </div>
  );
}
