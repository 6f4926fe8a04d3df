import { useEffect, useState, type FormEvent } from "react";
import type { ResetAnswer, ResetCheckAnswer } from "../../../api/modules/password-reset/model";
import { FormField } from "../apps/ui/FormField";
import { NewPasswordField } from "../apps/ui/NewPasswordField";
import { isValidPassword, PASSWORD_RULE_MESSAGE } from "../apps/ui/password-rules";
import { ApiError, apiFetch } from "../lib/http";
import { takeLinkToken } from "../lib/link-token";

const NO_LINK = "Ce lien n'est pas valide. Demandez-en un nouveau depuis la page «\u00a0Mot de passe oublié\u00a0?\u00a0».";

/**
 * The link's page: the new password with the profile form's live rules (issue 21 §2). The link is checked as the
 * page opens, so a used or expired one says so before anything is typed; a member with passkeys or two-factor is
 * offered to remove them (issue 30 §2: a factor lost, or one they did not add).
 */
export default function PasswordResetForm() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [linkError, setLinkError] = useState("");
  const [factors, setFactors] = useState<ResetCheckAnswer | null>(null);
  const [removeFactors, setRemoveFactors] = useState(false);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const taken = takeLinkToken();
    setToken(taken);
    if (!taken) return;
    apiFetch<ResetCheckAnswer>("/api/auth/password-reset/check", { method: "POST", body: { token: taken }, fallback: NO_LINK })
      .then(setFactors)
      .catch((err) => setLinkError(err instanceof ApiError && err.message ? err.message : NO_LINK));
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    const weak = isValidPassword(password) ? null : PASSWORD_RULE_MESSAGE;
    const mismatch = password === confirm ? null : "Les deux mots de passe ne sont pas identiques.";
    setFieldError(weak);
    setConfirmError(mismatch);
    if (weak) return document.getElementById("reset-password")?.focus();
    if (mismatch) return document.getElementById("reset-confirm")?.focus();
    setSaving(true);
    try {
      const removal = removeFactors ? { removeFactors: true, ...(code.trim() ? { code: code.trim() } : {}) } : {};
      const res = await apiFetch<ResetAnswer>("/api/auth/password-reset/confirm", {
        method: "POST",
        body: { token, password, ...removal },
        fallback: "Le mot de passe n'a pas pu être enregistré.",
      });
      setToken(null);
      setDone(res.message);
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : "Le mot de passe n'a pas pu être enregistré.");
    } finally {
      setSaving(false);
    }
  }

  if (done) {
    return (
      <div className="login-form">
        <p className="form-success" role="status">
          {done}
        </p>
        <a className="btn btn-primary btn-block" href="/login">
          Se connecter
        </a>
      </div>
    );
  }
  if (token === null || linkError) {
    return (
      <div className="login-form">
        <p className="form-error" role="alert">
          {linkError || NO_LINK}
        </p>
        <a className="btn btn-outline btn-block" href="/mot-de-passe-oublie">
          Demander un nouveau lien
        </a>
      </div>
    );
  }
  return (
    <form className="login-form" method="post" onSubmit={submit} noValidate aria-describedby="reset-error">
      <NewPasswordField id="reset-password" label="Nouveau mot de passe" required value={password} onChange={setPassword} error={fieldError} />
      <FormField id="reset-confirm" label="Confirmez le mot de passe" required error={confirmError}>
        {(field) => <input {...field} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />}
      </FormField>
      {factors && (factors.passkeys > 0 || factors.twoFactor) && (
        <fieldset className="reset-factors">
          <legend>Clés d’accès et double authentification</legend>
          <p className="muted">
            Si vous avez perdu un appareil, ou si vous voyez sur votre compte une clé ou une application que vous n’avez pas ajoutée,
            retirez-les maintenant. Vous pourrez en ajouter de nouvelles depuis votre profil.
          </p>
          <label className="checkbox">
            <input type="checkbox" checked={removeFactors} onChange={(e) => setRemoveFactors(e.target.checked)} />{" "}
            {factors.twoFactor
              ? `Supprimer mes clés d’accès (${factors.passkeys}) et désactiver la double authentification`
              : `Supprimer mes clés d’accès (${factors.passkeys})`}
          </label>
          {removeFactors && factors.twoFactor && (
            <FormField
              id="reset-code"
              label="Code de votre application ou code de secours"
              required
              hint="Sans code, un administrateur peut retirer la double authentification pour vous."
            >
              {(field) => (
                <input {...field} autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} maxLength={20} value={code} onChange={(e) => setCode(e.target.value)} />
              )}
            </FormField>
          )}
        </fieldset>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={token === undefined || saving}>
        {saving ? "Enregistrement…" : "Enregistrer le mot de passe"}
      </button>
      <p id="reset-error" className="form-error" role="alert" aria-live="assertive">
        {error}
      </p>
    </form>
  );
}
