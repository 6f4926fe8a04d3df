/**
 * The owner-present step in a form (api/modules/owner-present/): the current password, and, when two-factor is
 * on, a code of the app (or a recovery code) or a passkey. Asked before any change of a way into the account,
 * so a borrowed session alone cannot add or remove one. The form owns the value and sends it with its body.
 */
import { useState } from "react";
import { errorText } from "../lib/api";
import { invalidate, resource, useResource } from "../lib/query";
import { ceremonyError } from "../profile/two-factor-client";
import { FormField } from "../ui/FormField";
import { loadProofNeeds, passkeyProof, PROOF_NEEDS_PATH, type OwnerProof, type OwnerProofNeeds } from "./owner-proof-client";
import "./OwnerProofFields.css";

export type { OwnerProof };

/** What the step asks of the viewer: one answer shared by every form of the page (lib/query.ts). */
const $proofNeeds = resource(PROOF_NEEDS_PATH, () => loadProofNeeds());

/** Call when the viewer's factors change (an app turned on, a key added): every form asks again what it needs. */
export const factorsChanged = () => invalidate(PROOF_NEEDS_PATH);

/** Asked when the answer cannot be had: both, and the server says what is missing. */
const UNKNOWN: OwnerProofNeeds = { password: true, recentSignIn: false, secondFactor: true, passkeys: 0 };

/** What the step asks of the viewer; null while loading. */
export function useProofNeeds(): OwnerProofNeeds | null {
  const { data, error } = useResource($proofNeeds);
  return error ? UNKNOWN : (data ?? null);
}

type Props = {
  /** Prefix of the fields' ids (several forms may sit on one screen). */
  id: string;
  needs: OwnerProofNeeds | null;
  value: OwnerProof;
  onChange: (value: OwnerProof) => void;
  /** The server's refusal, shown under the fields. */
  error?: string;
};

export function OwnerProofFields({ id, needs, value, onChange, error }: Props) {
  const [keyError, setKeyError] = useState("");
  const [signing, setSigning] = useState(false);
  if (!needs) return <p role="status">Chargement...</p>;

  async function useKey() {
    setKeyError("");
    setSigning(true);
    try {
      onChange({ ...value, currentCode: undefined, passkey: await passkeyProof() });
    } catch (e) {
      setKeyError(ceremonyError(e) ?? errorText(e, "La clé d’accès n’a pas pu être vérifiée"));
    } finally {
      setSigning(false);
    }
  }

  return (
    <fieldset className="owner-proof">
      <legend>Confirmez qu’il s’agit bien de vous</legend>
      {needs.password ? (
        <FormField label="Mot de passe actuel" required id={`${id}-password`} error={!needs.secondFactor ? error : undefined}>
          {(field) => (
            <input
              {...field}
              type="password"
              autoComplete="current-password"
              maxLength={200}
              value={value.currentPassword ?? ""}
              onChange={(e) => onChange({ ...value, currentPassword: e.target.value })}
            />
          )}
        </FormField>
      ) : needs.recentSignIn ? (
        <p className="muted">Votre connexion récente suffit pour confirmer (votre compte n’a pas de mot de passe).</p>
      ) : (
        <p className="form-error">{"Reconnectez-vous d’abord\u00a0: votre dernière connexion date de plus de 10 minutes."}</p>
      )}
      {needs.secondFactor &&
        (value.passkey ? (
          <p className="owner-proof-key" role="status">
            Clé d’accès vérifiée.{" "}
            <button type="button" className="btn-link" onClick={() => onChange({ ...value, passkey: undefined })}>
              Saisir un code à la place
            </button>
          </p>
        ) : (
          <>
            <FormField
              label="Code de votre application d’authentification"
              required
              id={`${id}-code`}
              error={error}
              hint="Les 6 chiffres affichés par l’application, ou un code de secours."
            >
              {(field) => (
                <input
                  {...field}
                  autoComplete="one-time-code"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={20}
                  value={value.currentCode ?? ""}
                  onChange={(e) => onChange({ ...value, currentCode: e.target.value })}
                />
              )}
            </FormField>
            {needs.passkeys > 0 && (
              <p>
                <button type="button" className="btn btn-small btn-outline" onClick={useKey} disabled={signing}>
                  {signing ? "En attente de l’appareil..." : "Utiliser une clé d’accès à la place"}
                </button>
                {keyError && <span className="form-error"> {keyError}</span>}
              </p>
            )}
          </>
        ))}
      {!needs.password && !needs.secondFactor && error && <p className="form-error">{error}</p>}
    </fieldset>
  );
}

/** The proof as the API takes it: only what was given (an empty string is not a password). */
export function proofBody(value: OwnerProof): OwnerProof {
  return {
    ...(value.currentPassword ? { currentPassword: value.currentPassword } : {}),
    ...(value.currentCode?.trim() ? { currentCode: value.currentCode.trim() } : {}),
    ...(value.passkey ? { passkey: value.passkey } : {}),
  };
}
