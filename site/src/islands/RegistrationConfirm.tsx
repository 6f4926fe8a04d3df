import { useEffect, useState } from "react";
import { ApiError, apiFetch } from "../lib/http";
import { takeLinkToken } from "../lib/link-token";

type Answer = { message: string; event: { title: string; url: string } };

/**
 * The page of the link that confirms a visitor's address (issue 30 §4): one button, so a mail scanner that opens
 * links (and runs their scripts) confirms nothing.
 */
export default function RegistrationConfirm() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [done, setDone] = useState<Answer | null>(null);
  const [error, setError] = useState("");
  const [saving, setSaving] = useState(false);
  useEffect(() => setToken(takeLinkToken()), []);

  async function confirm() {
    setSaving(true);
    setError("");
    try {
      setDone(await apiFetch<Answer>("/api/registrations/confirm", { method: "POST", body: { token }, fallback: "La confirmation n'a pas abouti." }));
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : "La confirmation n'a pas abouti.");
    } finally {
      setSaving(false);
    }
  }

  if (token === undefined) return null;
  if (token === null) return <p className="form-error" role="alert">Ce lien de confirmation n'est pas valide.</p>;
  if (done) {
    return (
      <div>
        <p className="form-success" role="status">{done.message}</p>
        {done.event.url && <p><a href={`/event/${encodeURIComponent(done.event.url)}`}>{done.event.title}</a></p>}
      </div>
    );
  }
  return (
    <div>
      {error && <p className="form-error" role="alert">{error}</p>}
      <button className="btn btn-primary" type="button" onClick={confirm} aria-disabled={saving || undefined}>
        Confirmer mon inscription
      </button>
    </div>
  );
}
