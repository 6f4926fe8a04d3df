/**
 * A one-field dialog of the editor: a footnote's text, a table's caption. The field gets the focus; an empty
 * required field says so in French instead of closing.
 */
import { useState } from "react";
import { FormField } from "../../ui/FormField";
import { SmallDialog } from "./SmallDialog";

export function TextDialog(props: {
  title: string;
  label: string;
  hint?: string;
  initial: string;
  multiline?: boolean;
  submitLabel: string;
  /** The message when the field is left empty; without it, empty is a valid answer (e.g. no caption). */
  requiredMessage?: string;
  maxLength: number;
  onApply: (text: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const value = text.replace(/\s+/g, " ").trim();
    if (!value && props.requiredMessage) return setError(props.requiredMessage);
    props.onApply(value);
  };
  return (
    <SmallDialog title={props.title} onClose={props.onClose} onSubmit={submit} submitLabel={props.submitLabel}>
      <FormField label={props.label} required={!!props.requiredMessage} error={error} hint={props.hint}>
        {(field) =>
          props.multiline ? (
            <textarea {...field} rows={4} maxLength={props.maxLength} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
          ) : (
            <input {...field} type="text" maxLength={props.maxLength} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
          )
        }
      </FormField>
    </SmallDialog>
  );
}
