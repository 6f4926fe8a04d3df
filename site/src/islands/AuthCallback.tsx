import { useEffect, useState } from "react";
import type { SignInAnswer } from "../../../api/modules/auth/two-factor-model";
import { apiFetch } from "../lib/http";
import { readOAuthReturn } from "../lib/oauth-return";
import { keepPendingLogin } from "../lib/pending-login";
import { loginPath, takeReturnPath } from "../lib/return-path";
import { signedIn } from "../stores/session";

/** Delays fixed by the spec: to /user after 2 s on success, to /login after 3 s on error. */
const SUCCESS_DELAY_MS = 2000;
const ERROR_DELAY_MS = 3000;

/** The screen the provider returns to: validates with the server, stores the session, cleans the URL. */
export default function AuthCallback() {
  const [state, setState] = useState<{ kind: "loading" | "ok" | "error"; message: string }>({
    kind: "loading",
    message: "Connexion en cours...",
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The page asked for before signing in (kept by /login before going to the provider), read once.
    const back = takeReturnPath();
    (async () => {
      try {
        const { credential, state: oauthState } = readOAuthReturn(location.href);
        const res = await apiFetch<SignInAnswer>("/api/auth/google/validate", {
          method: "POST",
          body: { accessToken: credential, authorizationCode: credential, state: oauthState },
        });
        // Two-factor: Google was the first factor only; /login asks for the code.
        if ("secondFactor" in res) {
          keepPendingLogin(res.pendingToken);
          history.replaceState(null, "", "/auth/callback");
          location.assign(back ? loginPath(back) : "/login");
          return;
        }
        signedIn(res.token, res.user);
        // The code and state must not stay in the address bar or the history.
        history.replaceState(null, "", "/auth/callback");
        setState({ kind: "ok", message: "Authentification" });
        // An administrator the site requires to enrol first goes where the login form sends them: the enrolment.
        const next = res.twoFactorSetupRequired ? "/user/profile#double-authentification" : (back ?? "/user");
        timer = setTimeout(() => location.assign(next), SUCCESS_DELAY_MS);
      } catch (err) {
        history.replaceState(null, "", "/auth/callback");
        setState({ kind: "error", message: `Erreur lors de la validation Google: ${(err as Error).message}` });
        timer = setTimeout(() => location.assign(back ? loginPath(back) : "/login"), ERROR_DELAY_MS);
      }
    })();
    return () => clearTimeout(timer);
  }, []);

  return (
    <div className={`callback callback-${state.kind} card`} role="status" aria-live="polite">
      {state.kind === "loading" && <span className="spinner" aria-hidden="true" />}
      <p className={state.kind === "error" ? "form-error" : undefined}>{state.message}</p>
      {state.kind === "ok" && <p className="muted">Redirection vers votre espace…</p>}
      {state.kind === "error" && <p className="muted">Retour à la page de connexion…</p>}
    </div>
  );
}
