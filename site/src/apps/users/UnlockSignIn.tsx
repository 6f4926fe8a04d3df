/**
 * « Débloquer la connexion » in a member's edit form (issue 30 §2): turns off the member's two-factor and removes
 * their passkeys, for a member who lost their phone or found a factor they did not add. The administrator confirms
 * with their own password (and code or passkey), the member's sessions end and they get a mail. A plain section
 * with a button, not a form: it sits inside the member form.
 */
import { useState } from "react";
import type { CurrentUser } from "../../../../api/contract";
import { fullName } from "../../lib/format";
import { api, call, errorText } from "../lib/api";
import { OwnerProofFields, proofBody, useProofNeeds, type OwnerProof } from "../owner-proof/OwnerProofFields";
import { toast } from "../stores/toasts";

export function UnlockSignIn({ user }: { user: CurrentUser }) {
  const [asking, setAsking] = useState(false);
  const needs = useProofNeeds();
  const [proof, setProof] = useState<OwnerProof>({});
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function unlock() {
    setError("");
    setBusy(true);
    try {
      const done = await call(api.admin.users({ id: user._id }).unlock.post(proofBody(proof)), "Erreur lors du déblocage");
      const removed = [done.twoFactorRemoved ? "double authentification désactivée" : null, done.passkeysRemoved ? `${done.passkeysRemoved} clé(s) d’accès supprimée(s)` : null].filter(Boolean);
      toast.success(removed.length ? `Connexion débloquée\u00a0: ${removed.join(", ")}.` : "Connexion débloquée\u00a0: aucun facteur n’était actif.");
      setAsking(false);
      setProof({});
    } catch (e) {
      setError(errorText(e, "Erreur lors du déblocage"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="user-fieldset user-unlock">
      <legend>Connexion</legend>
      {!asking ? (
        <p>
          <button type="button" className="btn btn-small btn-outline" onClick={() => setAsking(true)}>
            Débloquer la connexion…
          </button>
        </p>
      ) : (
        <div role="group" aria-label={`Débloquer la connexion de ${fullName(user)}`}>
          <p>
            {`La double authentification de ${fullName(user)} sera désactivée et ses clés d’accès supprimées\u00a0; ses sessions seront fermées et un e-mail l’en informera. Il ou elle se connectera avec son mot de passe seul.`}
          </p>
          <OwnerProofFields id="unlock" needs={needs} value={proof} onChange={setProof} error={error} />
          <p className="two-factor-actions">
            <button type="button" className="btn btn-danger" onClick={unlock} disabled={busy}>
              Débloquer la connexion
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setAsking(false)}>
              Annuler
            </button>
          </p>
        </div>
      )}
    </fieldset>
  );
}
