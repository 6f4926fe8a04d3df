/**
 * « Compte Google associé » on /user/profile: the Google account bound at the member's first Google sign-in (the
 * server then signs in by that account, never by the profile's e-mail), and « Dissocier »: confirmation first,
 * then the current password (accounts without one need a recent sign-in instead; the server says so).
 * Shown only when the site offers Google sign-in or a link exists.
 */
import { useEffect, useState, type FormEvent } from "react";
import { formatDateLong } from "../../lib/format";
import { api, call, errorText } from "../lib/api";
import { toast } from "../stores/toasts";
import { confirm } from "../ui/ConfirmDialog";
import { OwnerProofFields, proofBody, useProofNeeds, type OwnerProof } from "../owner-proof/OwnerProofFields";
import "./profile-section.css";
import "./GoogleLink.css";

const LOAD_ERROR = "Erreur lors du chargement du compte Google associé";
const UNLINK_ERROR = "Erreur lors de la dissociation du compte Google";

const loadLink = () => call(api.user.me.google.get(), LOAD_ERROR);
type LinkState = Awaited<ReturnType<typeof loadLink>>;

export function GoogleLink() {
  const [link, setLink] = useState<LinkState | null>(null);
  const [offered, setOffered] = useState(false);
  const [asking, setAsking] = useState(false);
  const needs = useProofNeeds();
  const [proof, setProof] = useState<OwnerProof>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    loadLink().then(setLink, (e) => toast.error(errorText(e, LOAD_ERROR)));
    call(api.auth.options.get(), "").then((o) => setOffered(o.google), () => setOffered(false));
  }, []);

  if (!link || (!link.google && !offered)) return null;

  const unlink = async () => {
    setSaving(true);
    try {
      setLink(await call(api.user.me.google.delete(proofBody(proof)), UNLINK_ERROR));
      setAsking(false);
      toast.success("Compte Google dissocié.");
    } catch (err) {
      toast.error(errorText(err, UNLINK_ERROR));
    } finally {
      setProof({});
      setSaving(false);
    }
  };

  const start = async () => {
    const ok = await confirm(
      `Dissocier le compte Google «\u00a0${link.google!.email}\u00a0»\u00a0? Vous ne pourrez plus vous connecter avec lui tant qu’il n’est pas associé de nouveau.`,
      { confirmLabel: "Dissocier" },
    );
    if (!ok) return;
    // The owner-present step: a password, or a code with two-factor on; a recent sign-in alone needs no form.
    if (link.hasPassword || needs?.secondFactor) setAsking(true);
    else await unlink();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void unlink();
  };

  return (
    <section className="profile-section google-link" aria-labelledby="google-link-title">
      <h2 id="google-link-title">Connexion avec Google</h2>
      {link.google ? (
        <>
          <p>
            Compte Google associé&nbsp;: <strong>{link.google.email}</strong>
            <span className="google-link-date"> (depuis le {formatDateLong(link.google.linkedAt)})</span>
          </p>
          {asking ? (
            <form className="google-link-form" onSubmit={submit}>
              <OwnerProofFields id="google-unlink" needs={needs} value={proof} onChange={setProof} />
              <div className="google-link-actions">
                <button type="button" className="btn btn-outline" onClick={() => setAsking(false)}>
                  Annuler
                </button>
                <button type="submit" className="btn btn-danger" disabled={saving}>
                  Dissocier
                </button>
              </div>
            </form>
          ) : (
            <button type="button" className="btn btn-small btn-outline" onClick={start}>
              Dissocier
            </button>
          )}
        </>
      ) : (
        <p>Aucun compte Google associé. Votre première connexion avec Google l’associera à votre compte.</p>
      )}
    </section>
  );
}
