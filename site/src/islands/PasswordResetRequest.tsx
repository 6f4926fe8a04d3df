import { useEffect, useState, type FormEvent } from "react";
import type { ResetAnswer } from "../../../api/modules/password-reset/model";
import { ApiError, apiFetch } from "../lib/http";

/**
 * « Mot de passe oublié ? »: the e-mail or alias of the account. The server answers the same whether or not an
 * account matches (issue 21 §2); the answer is shown as it comes, the field kept for another try.
 */
export default function PasswordResetRequest() {
  const [login, setLogin] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  // Until the island hydrates the form has no handler: the browser's own GET would put the login in the address.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    setDone("");
    if (!login.trim()) {
      setError("Indiquez votre adresse e-mail ou votre alias.");
      return;
    }
    setSending(true);
    try {
      const res = await apiFetch<ResetAnswer>("/api/auth/password-reset", { method: "POST", body: { login: login.trim() }, fallback: "La demande n'a pas pu être envoyée." });
      setDone(res.message);
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : "La demande n'a pas pu être envoyée.");
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="login-form" method="post" onSubmit={submit} noValidate aria-describedby="reset-error">
      <div className="field">
        <label htmlFor="reset-login">Adresse e-mail ou alias</label>
        <input id="reset-login" name="login" autoComplete="username" maxLength={200} value={login} onChange={(e) => setLogin(e.target.value)} required />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={!ready || sending}>
        {sending ? "Envoi…" : "Recevoir un lien"}
      </button>
      <p className="form-success" role="status">
        {done}
      </p>
      <p id="reset-error" className="form-error" role="alert" aria-live="assertive">
        {error}
      </p>
    </form>
  );
}
