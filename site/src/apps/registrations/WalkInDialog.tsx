/**
 * « Ajouter sur place »: someone at the door who did not register. A name, an optional e-mail; they take a place
 * and are checked in at once (api/modules/registrations/door.ts). A full event is refused by the server in
 * French, shown in the dialog next to the button.
 */
import { useEffect, useState } from "react";
import { api, call } from "../lib/api";
import { toast } from "../stores/toasts";
import { FormField } from "../ui/FormField";
import { Modal } from "../ui/Modal";

const FALLBACK = "La personne n'a pas pu être ajoutée.";

export function WalkInDialog({ open, eventId, onClose, onAdded }: { open: boolean; eventId: string; onClose: () => void; onAdded: () => void }) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  useEffect(() => {
    if (!open) return;
    setName("");
    setEmail("");
  }, [open]);

  const save = async () => {
    const address = email.trim();
    const body = { name: name.trim(), ...(address ? { email: address } : {}) };
    const answer = await call(api.admin.events({ id: eventId }).registrations["walk-in"].post(body), FALLBACK);
    toast.success(answer.message);
    onAdded();
    onClose();
  };

  return (
    <Modal open={open} title="Ajouter sur place" size="sm" onClose={onClose} onSubmit={save} submitLabel="Ajouter" submitDisabled={!name.trim()} errorFallback={FALLBACK}>
      <FormField label="Nom et prénom" required>
        {(field) => <input {...field} type="text" maxLength={200} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />}
      </FormField>
      <FormField label="Adresse e-mail" hint={"Facultative\u00a0: sans adresse, la personne ne reçoit aucun courriel."}>
        {(field) => <input {...field} type="email" maxLength={254} autoComplete="off" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
      </FormField>
    </Modal>
  );
}
