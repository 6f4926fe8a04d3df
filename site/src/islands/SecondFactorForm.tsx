import { useEffect, useRef, useState, type FormEvent } from "react";
import type { SignedInAnswer } from "../../../api/modules/auth/two-factor-model";
import { ApiError, apiFetch } from "../lib/http";

interface Props {
  pendingToken: string;
  onSignedIn: (answer: SignedInAnswer) => void;
  /** Back to the password (the pending sign-in expired, or the member chose to start again). */
  onRestart: (message?: string) => void;
}

/** The second step of sign-in: the authenticator app's code, or a recovery code. */
export default function SecondFactorForm({ pendingToken, onSignedIn, onRestart }: Props) {
  const [code, setCode] = useState("");
  // Phones show a number pad for the app's 6 digits; a recovery code has letters, so the member switches.
  const [recovery, setRecovery] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState("");
  const input = useRef<HTMLInputElement>(null);
  // The step replaces the password form: focus moves to its field so keyboard and screen-reader users follow.
  useEffect(() => input.current?.focus(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    if (!code.trim()) {
      setError("Saisissez le code de vérification.");
      return;
    }
    setLoading(true);
    try {
      onSignedIn(
        await apiFetch<SignedInAnswer>("/api/auth/login/code", {
          method: "POST",
          body: { pendingToken, code: code.trim() },
          fallback: "Échec de la vérification",
        }),
      );
    } catch (err) {
      const message = err instanceof ApiError && err.message ? err.message : "Échec de la vérification";
      // Expired or used up: only a new password step helps.
      if (err instanceof ApiError && err.status === 401 && /expiré/.test(message)) onRestart(message);
      else {
        setError(message);
        setLoading(false);
        input.current?.select();
      }
    }
  }

  return (
    <form className="login-form" method="post" onSubmit={submit} noValidate aria-describedby="code-error">
      <p className="login-step">Votre compte est protégé par la double authentification.</p>
      <div className="field">
        <label htmlFor="login-code">Code de vérification</label>
        <input
          ref={input}
          id="login-code"
          name="code"
          inputMode={recovery ? "text" : "numeric"}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-describedby="login-code-hint"
          required
        />
        <p id="login-code-hint" className="field-hint">
          {recovery
            ? "L’un de vos codes de secours (10 caractères, par exemple abcde-fghij)."
            : "Les 6 chiffres affichés par votre application d’authentification, ou l’un de vos codes de secours."}
        </p>
        <button
          type="button"
          className="btn-link"
          onClick={() => {
            setRecovery((r) => !r);
            input.current?.focus();
          }}
        >
          {recovery ? "Saisir le code de l’application" : "Utiliser un code de secours"}
        </button>
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={loading}>
        {loading ? "Vérification..." : "Vérifier"}
      </button>
      <button type="button" className="btn btn-outline btn-block" onClick={() => onRestart()}>
        Recommencer la connexion
      </button>
      <p id="code-error" className="form-error" role="alert" aria-live="assertive">
        {error}
      </p>
    </form>
  );
}
