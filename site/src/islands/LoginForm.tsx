import { useEffect, useState, type FormEvent } from "react";
import type { SignedInAnswer, SignInAnswer } from "../../../api/modules/auth/two-factor-model";
import { guardGuest } from "../lib/guard";
import { ApiError, apiFetch } from "../lib/http";
import { takePendingLogin } from "../lib/pending-login";
import { keepReturnPath, landingFor, returnPathFrom } from "../lib/return-path";
import { signedIn } from "../stores/session";
import PasskeySignIn from "./PasskeySignIn";
import SecondFactorForm from "./SecondFactorForm";

/**
 * Stores the session and opens the page asked for before signing in (`?next=`, checked by lib/return-path.ts), or
 * the signed-in person's landing (the back office for administrators); the profile's enrolment comes first when
 * the site requires it.
 */
function enter(answer: SignedInAnswer) {
  signedIn(answer.token, answer.user);
  location.assign(answer.twoFactorSetupRequired ? "/user/profile#double-authentification" : (returnPathFrom(location.search) ?? landingFor(answer.user)));
}

/** Google's four-colour « G », drawn here (nothing is loaded from Google before the visitor chooses it). */
function GoogleMark() {
  return (
    <svg className="google-mark" width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.7 17.7 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.5 5.8c4.4-4 6.8-10 6.8-17.2z" />
      <path fill="#FBBC05" d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.3.8-4.7l-7.8-6C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.8 6C6.6 42.6 14.6 48 24 48z" />
    </svg>
  );
}

interface Props {
  /** False when the server has no Google sign-in configured (known at build time): the button is not offered. */
  google?: boolean;
}

/**
 * Sign-in with alias and password (then, for members with two-factor, a code), with a passkey, or the start of
 * Google sign-in (spec: public-site §2, §5, §8).
 */
export default function LoginForm({ google: offerGoogle = true }: Props) {
  const [nickname, setNickname] = useState("");
  const [password, setPassword] = useState("");
  const [loading, setLoading] = useState(false);
  const [googleLoading, setGoogleLoading] = useState(false);
  const [error, setError] = useState("");
  // Set when the password (or Google, via the callback page) was right and a code is now expected.
  const [pendingToken, setPendingToken] = useState<string | null>(null);
  // Until the island hydrates, the prerendered form has no handler: a submit would be the browser's own, a GET
  // that puts the password in the address (history, logs). The button stays disabled until then.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (!guardGuest()) return;
    const pending = takePendingLogin();
    if (pending) setPendingToken(pending);
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    if (!nickname.trim() || !password) {
      setError("Veuillez remplir tous les champs");
      return;
    }
    setLoading(true);
    try {
      const res = await apiFetch<SignInAnswer>("/api/auth/login", {
        method: "POST",
        body: { nickname: nickname.trim(), password },
        fallback: "Échec de la connexion",
      });
      if ("secondFactor" in res) {
        setPassword("");
        setLoading(false);
        setPendingToken(res.pendingToken);
      } else enter(res);
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : "Échec de la connexion");
      setLoading(false);
    }
  }

  async function google() {
    setError("");
    setGoogleLoading(true);
    try {
      const res = await fetch("/api/auth/google", { credentials: "same-origin" });
      const data = (await res.json().catch(() => null)) as { url?: string; message?: string } | null;
      if (!res.ok) throw new Error(data?.message || `HTTP Error ${res.status}`);
      if (!data?.url) throw new Error("No OAuth URL received from server");
      // The provider returns to /auth/callback, not here: the page asked for waits in this tab's storage.
      keepReturnPath(returnPathFrom(location.search));
      location.assign(data.url);
    } catch (err) {
      setError(`Erreur lors de l'initiation de la connexion Google: ${(err as Error).message}`);
      setGoogleLoading(false);
    }
  }

  if (pendingToken) {
    return (
      <SecondFactorForm
        pendingToken={pendingToken}
        onSignedIn={enter}
        onRestart={(message) => {
          setPendingToken(null);
          setError(message ?? "");
        }}
      />
    );
  }

  return (
    <form className="login-form" method="post" onSubmit={submit} noValidate aria-describedby="login-error">
      <div className="field">
        <label htmlFor="login-nickname">Identifiant</label>
        <input
          id="login-nickname"
          name="nickname"
          autoComplete="username"
          value={nickname}
          onChange={(e) => setNickname(e.target.value)}
          required
        />
      </div>
      <div className="field">
        <label htmlFor="login-password">Mot de passe</label>
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </div>
      <p className="login-forgot">
        <a href="/mot-de-passe-oublie">Mot de passe oublié&nbsp;?</a>
      </p>
      <button type="submit" className="btn btn-primary btn-block" disabled={!ready || loading}>
        {loading ? "Connexion..." : "Se connecter"}
      </button>
      <div className="login-or" aria-hidden="true">
        <span>ou</span>
      </div>
      <PasskeySignIn onSignedIn={enter} onError={setError} />
      {offerGoogle && (
        <>
          <button type="button" className="btn btn-outline btn-block login-google" onClick={google} disabled={googleLoading}>
            <GoogleMark />
            {googleLoading ? "Redirection en cours..." : "Connexion avec Google"}
          </button>
        </>
      )}
      <p id="login-error" className="form-error" role="alert" aria-live="assertive">
        {error}
      </p>
    </form>
  );
}
