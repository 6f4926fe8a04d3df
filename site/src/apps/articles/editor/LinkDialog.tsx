/** « Lien »: the address of a link, checked (http, https, mailto or a page of this site) with a French message. */
import { useState } from "react";
import { FormField } from "../../ui/FormField";
import { SmallDialog } from "./SmallDialog";
import { checkLinkUrl } from "./urls";

export function LinkDialog(props: {
  initialHref: string;
  /** No text is selected: the link needs its own text. */
  needsText: boolean;
  onApply: (href: string, text: string) => void;
  onRemove: (() => void) | null;
  onClose: () => void;
}) {
  const [href, setHref] = useState(props.initialHref);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [textError, setTextError] = useState<string | null>(null);

  const submit = () => {
    const checked = checkLinkUrl(href);
    setError(checked.ok ? null : checked.error);
    const missingText = props.needsText && !text.trim();
    setTextError(missingText ? "Indiquez le texte du lien." : null);
    if (!checked.ok || missingText) return;
    props.onApply(checked.href, text.trim());
  };

  return (
    <SmallDialog
      title={props.initialHref ? "Modifier le lien" : "Insérer un lien"}
      onClose={props.onClose}
      onSubmit={submit}
      submitLabel="Appliquer"
      footer={
        <>
          {props.onRemove && (
            <button type="button" className="btn btn-outline" onClick={props.onRemove}>
              Retirer le lien
            </button>
          )}
          <button type="button" className="btn btn-outline" onClick={props.onClose}>
            Annuler
          </button>
          <button type="submit" className="btn">
            Appliquer
          </button>
        </>
      }
    >
      <FormField label="Adresse du lien" required error={error} hint="https://…, http://… ou mailto:…">
        {(field) => <input {...field} type="text" inputMode="url" autoComplete="off" value={href} onChange={(e) => setHref(e.target.value)} autoFocus />}
      </FormField>
      {props.needsText && (
        <FormField label="Texte du lien" required error={textError}>
          {(field) => <input {...field} type="text" value={text} onChange={(e) => setText(e.target.value)} />}
        </FormField>
      )}
    </SmallDialog>
  );
}
