import { useEffect, useState } from "react";
import { ApiError, apiFetch } from "../lib/http";
import { takeLinkToken } from "../lib/link-token";

type Answer = { message: string; event: { title: string; url: string } };

/** What each personal link of the registration mails does (api/modules/registrations/mail.ts). */
const LINKS = {
  /** The link that confirms a visitor's address (issue 30 §4). */
  confirm: {
    endpoint: "/api/registrations/confirm",
    button: "Confirmer mon inscription",
    invalid: "Ce lien de confirmation n'est pas valide.",
    failed: "La confirmation n'a pas abouti.",
  },
  /** The cancel link. */
  cancel: {
    endpoint: "/api/registrations/cancel",
    button: "Annuler mon inscription",
    invalid: "Ce lien d'annulation n'est pas valide.",
    failed: "L'annulation n'a pas abouti.",
  },
} as const;
export type RegistrationLinkKind = keyof typeof LINKS;

/**
 * The page of a registration mail's personal link (/inscription/confirmer, /inscription/annuler): one button, so
 * a mail scanner that opens links (and runs their scripts) confirms or cancels nothing.
 */
export default function RegistrationLink({ kind }: { kind: RegistrationLinkKind }) {
  const link = LINKS[kind];
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [done, setDone] = useState<Answer | null>(null);
  const [error, setError] = useState("");
  const [saving, setSaving] = useState(false);
  useEffect(() => setToken(takeLinkToken()), []);

  async function press() {
    setSaving(true);
    setError("");
    try {
      setDone(await apiFetch<Answer>(link.endpoint, { method: "POST", body: { token }, fallback: link.failed }));
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : link.failed);
    } finally {
      setSaving(false);
    }
  }

  if (token === undefined) return null;
  if (token === null) return <p className="form-error" role="alert">{link.invalid}</p>;
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
      <button className="btn btn-primary" type="button" onClick={press} aria-disabled={saving || undefined}>
        {link.button}
      </button>
    </div>
  );
}
