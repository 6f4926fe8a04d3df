/**
 * The member's passkeys: each with its name, the day it was added and its last use, removable; a form to add
 * one (named first, so the list stays readable). Adding and removing a key both ask the owner-present step
 * (password, and a code or another key when two-factor is on). The WebAuthn library is loaded when a key is added.
 */
import { useEffect, useState, type FormEvent } from "react";
import type { PasskeyInfo } from "../../../../api/modules/auth/two-factor-model";
import { formatDateLong } from "../../lib/format";
import { errorText } from "../lib/api";
import { factorsChanged, OwnerProofFields, proofBody, useProofNeeds, type OwnerProof } from "../owner-proof/OwnerProofFields";
import { toast } from "../stores/toasts";
import { FormField } from "../ui/FormField";
import { addPasskey, ceremonyError, listPasskeys, removePasskey } from "./two-factor-client";

export function TwoFactorPasskeys() {
  const [keys, setKeys] = useState<PasskeyInfo[] | null>(null);
  const [loadError, setLoadError] = useState("");
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const needs = useProofNeeds();
  const [proof, setProof] = useState<OwnerProof>({});
  // The key being removed: its own small form asks the step too.
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  const [removeProof, setRemoveProof] = useState<OwnerProof>({});
  const [removeError, setRemoveError] = useState("");
  // Known in the browser only; null until checked.
  const [supported, setSupported] = useState<boolean | null>(null);

  const reload = () =>
    listPasskeys()
      .then(setKeys)
      .catch((e) => setLoadError(errorText(e, "Erreur lors du chargement des clés d’accès")));
  useEffect(() => {
    setSupported(typeof window.PublicKeyCredential === "function");
    void reload();
  }, []);

  async function add(e: FormEvent) {
    e.preventDefault();
    setError("");
    if (!name.trim()) {
      setError("Donnez un nom à cette clé (par exemple « Téléphone » ou « Clé USB »).");
      return;
    }
    setBusy(true);
    try {
      const key = await addPasskey(name.trim(), proofBody(proof));
      toast.success(`Clé d’accès « ${key.name} » ajoutée.`);
      setName("");
      setProof({});
      factorsChanged();
      await reload();
    } catch (err) {
      setError(ceremonyError(err) ?? errorText(err, "Erreur lors de l’enregistrement de la clé d’accès"));
    } finally {
      setBusy(false);
    }
  }

  async function remove(e: FormEvent) {
    e.preventDefault();
    if (!removing) return;
    setRemoveError("");
    setBusy(true);
    try {
      await removePasskey(removing.id, proofBody(removeProof));
      toast.success(`Clé d’accès «\u00a0${removing.name}\u00a0» supprimée.`);
      setRemoving(null);
      setRemoveProof({});
      factorsChanged();
      await reload();
    } catch (err) {
      setRemoveError(errorText(err, "Erreur lors de la suppression de la clé d’accès"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="two-factor-block">
      <h3>Clés d’accès</h3>
      <p>
        Une clé d’accès (empreinte, visage ou code de votre appareil, ou clé de sécurité USB) vous connecte sans mot de
        passe, depuis la page de connexion : « Se connecter avec une clé d’accès ».
      </p>
      {loadError && <p className="form-error">{loadError}</p>}
      {keys && keys.length === 0 && <p className="muted">Aucune clé d’accès enregistrée.</p>}
      {keys && keys.length > 0 && (
        <ul className="passkey-list" aria-label="Vos clés d’accès">
          {keys.map((k) => (
            <li key={k.id}>
              <div>
                <strong>{k.name}</strong>
                <span className="muted">
                  Ajoutée le {formatDateLong(k.createdAt)}
                  {" · "}
                  {k.lastUsedAt ? `dernière utilisation le ${formatDateLong(k.lastUsedAt)}` : "jamais utilisée"}
                </span>
              </div>
              <button
                type="button"
                className="btn btn-small btn-outline"
                onClick={() => {
                  setRemoving(k);
                  setRemoveError("");
                }}
                aria-label={`Supprimer la clé d’accès « ${k.name} »`}
              >
                Supprimer
              </button>
              {removing?.id === k.id && (
                <form className="two-factor-form passkey-remove" onSubmit={remove} noValidate aria-label={`Supprimer la clé d’accès « ${k.name} »`}>
                  <p>Cette clé ne permettra plus de vous connecter.</p>
                  <OwnerProofFields id="passkey-remove" needs={needs} value={removeProof} onChange={setRemoveProof} error={removeError} />
                  <p className="two-factor-actions">
                    <button type="submit" className="btn btn-danger" disabled={busy}>
                      Supprimer la clé
                    </button>
                    <button type="button" className="btn btn-outline" onClick={() => setRemoving(null)}>
                      Annuler
                    </button>
                  </p>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      {supported === false ? (
        <p className="muted">Ce navigateur ne permet pas d’ajouter une clé d’accès.</p>
      ) : (
        <form className="two-factor-form passkey-add" onSubmit={add} noValidate>
          <FormField label="Nom de la nouvelle clé" id="passkey-name" error={error} hint="Pour la reconnaître dans cette liste.">
            {(field) => <input {...field} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />}
          </FormField>
          <OwnerProofFields id="passkey-add" needs={needs} value={proof} onChange={setProof} />
          <p className="two-factor-actions">
            <button type="submit" className="btn" disabled={busy || !supported}>
              {busy ? "En attente de l’appareil..." : "Ajouter une clé d’accès"}
            </button>
          </p>
        </form>
      )}
    </div>
  );
}
