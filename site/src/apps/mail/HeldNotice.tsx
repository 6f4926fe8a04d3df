/**
 * « Courriels » after a restore (api/modules/delivery-hold): what the restore held back, with its count, and
 * « Reprendre l'envoi ». Shown only while something is held: a restored database's waiting mail may have left
 * before the restore, so nothing goes out again until an administrator decides.
 */
import { useState } from "react";
import { api, call, errorText } from "../lib/api";
import { revalidate, useResource } from "../lib/query";
import { toast } from "../stores/toasts";
import { heldText } from "./mail-list";
import { $held, HELD_PATH, PATH } from "./stores";

const RESUME_ERROR = "L'envoi n'a pas pu reprendre.";

export function HeldNotice() {
  const { data } = useResource($held, "Erreur lors du chargement des envois suspendus.");
  const [busy, setBusy] = useState(false);
  if (!data || data.messages + data.issues === 0) return null;

  const resume = async () => {
    setBusy(true);
    try {
      const answer = await call(api.admin.mail.resume.post(), RESUME_ERROR);
      toast.success(answer.message, { action: "mail-resume" });
      revalidate(HELD_PATH, PATH);
    } catch (e) {
      toast.error(errorText(e, RESUME_ERROR), { action: "mail-resume" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mail-notice mail-held" role="status">
      <p>{heldText(data)}</p>
      <button type="button" className="btn" onClick={() => void resume()} disabled={busy} aria-busy={busy || undefined}>
        Reprendre l'envoi
      </button>
    </div>
  );
}
