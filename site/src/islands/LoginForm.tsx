import { useEffect, useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "../lib/http";
import { guardGuest } from "../lib/guard";
import type { CurrentUser } from "../lib/session-types";
import { signedIn } from "../stores/session";

type LoginResponse = { user: CurrentUser; token: string };

/** Sign-in with alias and password, or the start of Google sign-in (spec: public-site §2, §5, §8). */
export default function LoginForm() {
  const [nickname, setNickname] = useState("");
  const [password, setPassword] = useState("");
  const [loading, setLoading] = useState(false);
  const [googleLoading, setGoogleLoading] = useState(false);
  const [error, setError] = useState("");

  useEffect(() => {
    guardGuest();
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
      const res = await apiFetch<LoginResponse>("/api/auth/login", {
        method: "POST",
        body: { nickname: nickname.trim(), password },
        fallback: "Échec de la connexion",
      });
      signedIn(res.token, res.user);
      location.assign("/user/dashboard");
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
      location.assign(data.url);
    } catch (err) {
      setError(`Erreur lors de l'initiation de la connexion Google: ${(err as Error).message}`);
      setGoogleLoading(false);
    }
  }

  return (
    <form className="login-form card" onSubmit={submit} noValidate aria-describedby="login-error">
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
      <button type="submit" className="btn btn-primary btn-block" disabled={loading}>
        {loading ? "Connexion..." : "Se connecter"}
      </button>
      <div className="login-or" aria-hidden="true">
        <span>ou</span>
      </div>
      <button type="button" className="btn btn-outline btn-block" onClick={google} disabled={googleLoading}>
        {googleLoading ? "Redirection en cours..." : "Connexion avec Google"}
      </button>
      <p id="login-error" className="form-error" role="alert" aria-live="assertive">
        {error}
      </p>
    </form>
  );
}
