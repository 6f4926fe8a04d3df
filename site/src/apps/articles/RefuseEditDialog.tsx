/**
 * « Refuser la modification » (issue 32 §3): a small dialog asking the admin for an optional reason, which the
 * authors get by mail and see on their article (« Modification refusée »). It opens with focus in the reason
 * (ui/Modal.tsx); the server checks the length again and answers in French.
 */
import { useState } from "react";
import { groupDigits, REFUSAL_REASON_MAX, RULE_MESSAGES } from "../../../../shared/article-rules";
import { Modal } from "../ui/Modal";
import { FormField } from "../ui/FormField";

export type RefuseEditDialogProps = {
  open: boolean;
  /** The refused edit's title, named in the question. */
  title: string;
  onClose: () => void;
  /** Sends the refusal; what it throws is shown in the dialog, which stays open. */
  onRefuse: (reason: string) => Promise<void>;
};

export function RefuseEditDialog({ open, title, onClose, onRefuse }: RefuseEditDialogProps) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const length = reason.trim().length;

  const submit = async () => {
    if (length > REFUSAL_REASON_MAX) {
      setError(RULE_MESSAGES.refusalReasonTooLong);
      return;
    }
    setError(null);
    await onRefuse(reason);
    setReason("");
  };

  return (
    <Modal
      open={open}
      title="Refuser la modification"
      size="md"
      onClose={() => {
        setReason("");
        setError(null);
        onClose();
      }}
      onSubmit={submit}
      submitLabel="Refuser la modification"
      errorFallback="Impossible de refuser la modification."
    >
      <p>{`La modification de «\u00a0${title || "Sans titre"}\u00a0» sera refusée\u00a0: la page publique garde la version approuvée, la version refusée reste dans l'historique.`}</p>
      <FormField
        label="Motif du refus (facultatif)"
        error={error}
        hint={`Envoyé aux auteurs par courriel et affiché sur leur article. ${groupDigits(length)} / ${groupDigits(REFUSAL_REASON_MAX)} caractères.`}
      >
        {(field) => <textarea {...field} rows={5} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </FormField>
    </Modal>
  );
}
