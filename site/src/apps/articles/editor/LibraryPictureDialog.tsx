/**
 * A picture chosen in the media library (« Image de la médiathèque »): shown, then inserted only with its
 * « Texte alternatif », required as for an uploaded picture (PictureDialog.tsx). Nothing is uploaded: the text
 * points at the media's own file (`/uploads/media/…`, kept by the allow-list, with its AVIF/WebP variants on the
 * public page: site/src/lib/body-html.ts).
 */
import { useEffect, useState } from "react";
import { FormField } from "../../ui/FormField";
import { ALT_REQUIRED } from "./PictureDialog";
import { SmallDialog } from "./SmallDialog";

export type LibraryPicture = { src: string; alt: string; width: number | null; height: number | null };

type Size = { width: number; height: number } | null;

/** Said when the chosen picture is not public yet: the text would show readers a missing picture until it is. */
export const UNPUBLISHED_PICTURE = "Cette image n'est pas encore publiée\u00a0: les lecteurs ne la verront qu'une fois validée et en ligne.";

export function LibraryPictureDialog(props: {
  src: string;
  title: string;
  /** False when the media waits for approval or is offline. */
  published: boolean;
  /** The alternative text already typed when the picture was uploaded from the picker. */
  initialAlt?: string;
  onInsert: (picture: LibraryPicture) => void;
  onClose: () => void;
}) {
  const [alt, setAlt] = useState(props.initialAlt ?? "");
  const [altError, setAltError] = useState<string | null>(null);
  // The media API gives no dimensions. The preview below is the original file, so once it has loaded its natural
  // size is known for free and goes into width/height (the reader's browser then keeps the picture's room while it
  // lazy-loads). If it cannot load, the picture goes in without them: the allow-list takes an <img> without
  // width/height and the page's `img { max-width: 100%; height: auto }` shows it right, at worst with a shift of
  // the text below when it arrives. A click before the preview has settled waits for it (no race on the size).
  const [size, setSize] = useState<Size | "loading">("loading");
  const [waiting, setWaiting] = useState(false);
  const settle = (img: HTMLImageElement | null, failed = false) => {
    if (!img || (!failed && !img.complete)) return;
    const found: Size = failed || img.naturalWidth === 0 ? null : { width: img.naturalWidth, height: img.naturalHeight };
    // Once only: the ref callback runs on every render.
    setSize((now) => (now === "loading" ? found : now));
  };
  const insert = (s: Size) => props.onInsert({ src: props.src, alt: alt.trim(), width: s?.width ?? null, height: s?.height ?? null });

  useEffect(() => {
    if (waiting && size !== "loading") insert(size);
  }, [waiting, size]);

  const submit = () => {
    if (!alt.trim()) {
      setAltError(ALT_REQUIRED);
      return;
    }
    setAltError(null);
    if (size === "loading") setWaiting(true);
    else insert(size);
  };

  return (
    <SmallDialog title="Insérer une image de la médiathèque" onClose={props.onClose} onSubmit={submit} submitLabel="Insérer l'image" saving={waiting}>
      <img ref={(img) => settle(img)} className="body-picture-preview" src={props.src} alt="" onLoad={(e) => settle(e.currentTarget)} onError={(e) => settle(e.currentTarget, true)} />
      <p className="muted">{props.title}</p>
      {!props.published && (
        <p className="field-hint" role="note">
          {UNPUBLISHED_PICTURE}
        </p>
      )}
      <FormField label="Texte alternatif" required error={altError} hint="Ce que montre l'image, pour les personnes qui ne la voient pas.">
        {(field) => <input {...field} type="text" value={alt} maxLength={300} onChange={(e) => setAlt(e.target.value)} autoFocus />}
      </FormField>
    </SmallDialog>
  );
}
