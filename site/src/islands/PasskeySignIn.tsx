import { useEffect, useState } from "react";
import type { SignedInAnswer } from "../../../api/modules/auth/two-factor-model";
import { ApiError, apiFetch } from "../lib/http";

interface Props {
  onSignedIn: (answer: SignedInAnswer) => void;
  onError: (message: string) => void;
}

/**
 * « Se connecter avec une clé d'accès »: no alias, no password (the key says whose it is, and its PIN or
 * biometrics make it both factors). The WebAuthn library is loaded on click only, so the login page stays light.
 */
export default function PasskeySignIn({ onSignedIn, onError }: Props) {
  // Known only in the browser: until then the button is shown, disabled (no layout jump for most visitors).
  const [supported, setSupported] = useState<boolean | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => setSupported(typeof window.PublicKeyCredential === "function"), []);
  if (supported === false) return null;

  async function signIn() {
    onError("");
    setLoading(true);
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const optionsJSON = await apiFetch<Parameters<typeof startAuthentication>[0]["optionsJSON"]>("/api/auth/passkey/options", {
        method: "POST",
        fallback: "Échec de la connexion",
      });
      const response = await startAuthentication({ optionsJSON });
      onSignedIn(await apiFetch<SignedInAnswer>("/api/auth/passkey", { method: "POST", body: { response }, fallback: "Échec de la connexion" }));
    } catch (err) {
      const name = (err as { name?: string }).name;
      onError(
        err instanceof ApiError
          ? err.message
          : name === "NotAllowedError" || name === "AbortError"
            ? "Connexion par clé d’accès annulée ou expirée."
            : "Aucune clé d’accès n’a pu être utilisée sur cet appareil.",
      );
      setLoading(false);
    }
  }

  return (
    <button type="button" className="btn btn-outline btn-block login-passkey" onClick={signIn} disabled={!supported || loading}>
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="8" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 12h9m-3 0v3m-3-3v2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {loading ? "Attente de la clé d’accès..." : "Se connecter avec une clé d’accès"}
    </button>
  );
}
