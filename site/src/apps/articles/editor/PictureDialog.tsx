/**
 * A picture dropped, pasted or chosen: it uploads at once (with its progress and a cancel button) while the
 * person writes its « Texte alternatif », which is required: the picture enters the text only with it.
 */
import { useEffect, useRef, useState } from "react";
import type { BodyPicture } from "../../../../../api/contract";
import { errorText, isAbort, type Progress } from "../../lib/api";
import { FormField } from "../../ui/FormField";
import { UploadProgress } from "../../ui/UploadProgress";
import { SmallDialog } from "./SmallDialog";
import { uploadBodyPicture } from "./picture-upload";

export const ALT_REQUIRED = "Le texte alternatif est obligatoire : décrivez l'image pour qui ne la voit pas.";

export function PictureDialog(props: { file: File; onInsert: (picture: BodyPicture, alt: string) => void; onClose: () => void }) {
  const [alt, setAlt] = useState("");
  const [altError, setAltError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress>({ sent: 0, total: props.file.size });
  const [uploaded, setUploaded] = useState<BodyPicture | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const abort = useRef(new AbortController());
  const preview = useRef(URL.createObjectURL(props.file));
  const sending = useRef<Promise<BodyPicture | null> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    sending.current = uploadBodyPicture(props.file, setProgress, controller.signal).then(
      (picture) => (setUploaded(picture), picture),
      (e) => {
        if (!isAbort(e)) setFailure(errorText(e, "Erreur lors de l'envoi de l'image."));
        return null;
      },
    );
    return () => {
      controller.abort();
      URL.revokeObjectURL(preview.current);
    };
  }, [props.file]);

  const submit = async () => {
    if (!alt.trim()) {
      setAltError(ALT_REQUIRED);
      return;
    }
    setAltError(null);
    setWaiting(true);
    const picture = uploaded ?? (await sending.current);
    setWaiting(false);
    if (picture) props.onInsert(picture, alt.trim());
  };

  return (
    <SmallDialog title="Insérer une image" onClose={props.onClose} onSubmit={submit} submitLabel="Insérer l'image" saving={waiting} submitDisabled={!!failure}>
      <img className="body-picture-preview" src={preview.current} alt="" />
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : uploaded ? (
        <p className="muted" role="status">
          Image envoyée.
        </p>
      ) : (
        <UploadProgress {...progress} label="Envoi de l'image" onCancel={() => (abort.current.abort(), props.onClose())} />
      )}
      <FormField label="Texte alternatif" required error={altError} hint="Ce que montre l'image, pour les personnes qui ne la voient pas.">
        {(field) => <input {...field} type="text" value={alt} maxLength={300} onChange={(e) => setAlt(e.target.value)} autoFocus />}
      </FormField>
    </SmallDialog>
  );
}
