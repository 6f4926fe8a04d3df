import { useEffect, useState, type FormEvent } from "react";
import type { ResetAnswer } from "../../../api/modules/password-reset/model";
import { FormField } from "../apps/ui/FormField";
import { NewPasswordField } from "../apps/ui/NewPasswordField";
import { isValidPassword, PASSWORD_RULE_MESSAGE } from "../apps/ui/password-rules";
import { ApiError, apiFetch } from "../lib/http";
import { takeLinkToken } from "../lib/link-token";

const NO_LINK = "Ce lien n'est pas valide. Demandez-en un nouveau depuis la page «\u00a0Mot de passe oublié\u00a0?\u00a0».";

/** The link's page: the new password with the profile form's live rules (issue 21 §2). */
export default function PasswordResetForm() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const [saving, setSaving] = useState(false);

  useEffect(() => setToken(takeLinkToken()), []);

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
      const res = await apiFetch<ResetAnswer>("/api/auth/password-reset/confirm", { method: "POST", body: { token, password }, fallback: "Le mot de passe n'a pas pu être enregistré." });
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
  if (token === null) {
    return (
      <div className="login-form">
        <p className="form-error" role="alert">
          {NO_LINK}
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
      <button type="submit" className="btn btn-primary btn-block" disabled={token === undefined || saving}>
        {saving ? "Enregistrement…" : "Enregistrer le mot de passe"}
      </button>
      <p id="reset-error" className="form-error" role="alert" aria-live="assertive">
        {error}
      </p>
    </form>
  );
}
