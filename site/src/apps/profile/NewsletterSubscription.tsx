/**
 * « Lettre d'information » on /user/profile: the member subscribes with their account's address (a confirmation
 * mail first, as for every subscriber: double opt-in) or unsubscribes at once. The consent box is never pre-ticked.
 */
import { useEffect, useId, useState, type FormEvent } from "react";
import { NEWSLETTER_CONSENT } from "../../../../shared/newsletter";
import { api, call, errorText } from "../lib/api";
import { toast } from "../stores/toasts";
import "../ui/FormField.css";
import "./profile-section.css";
import "./NotificationSettings.css";

const LOAD_ERROR = "Erreur lors du chargement de votre inscription à la lettre";
const SAVE_ERROR = "Erreur lors de l'enregistrement de votre inscription à la lettre";

const load = () => call(api.user.newsletter.get(), LOAD_ERROR);
type Subscription = Awaited<ReturnType<typeof load>>;

const STATE_TEXT: Record<Subscription["state"], string> = {
  none: "Vous n'êtes pas inscrit à la lettre d'information.",
  pending: "Inscription en attente de confirmation\u00a0: suivez le lien de l'e-mail reçu.",
  confirmed: "Vous recevez la lettre d'information.",
  unsubscribed: "Vous êtes désinscrit de la lettre d'information.",
};

export function NewsletterSubscription() {
  const [current, setCurrent] = useState<Subscription | null>(null);
  const [consent, setConsent] = useState(false);
  const [saving, setSaving] = useState(false);
  const consentId = useId();

  useEffect(() => {
    load().then(setCurrent, (e) => toast.error(errorText(e, LOAD_ERROR)));
  }, []);
  if (!current) return null;
  const subscribed = current.state === "confirmed" || current.state === "pending";

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const body = subscribed ? { subscribed: false } : { subscribed: true, consent: true as const };
      const next = await call(api.user.newsletter.put(body), SAVE_ERROR);
      setCurrent({ email: next.email, state: next.state });
      setConsent(false);
      toast.success(next.message);
    } catch (err) {
      toast.error(errorText(err, SAVE_ERROR));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="profile-section notification-settings" id="lettre" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">Lettre d'information</h2>
      <form onSubmit={submit}>
        <p className="field-hint" aria-live="polite">
          {STATE_TEXT[current.state]} Adresse{"\u00a0"}: {current.email}
        </p>
        {!subscribed && (
          <label htmlFor={consentId}>
            <input id={consentId} type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} /> <span>{NEWSLETTER_CONSENT}</span>
          </label>
        )}
        <button type="submit" className="btn" disabled={saving || (!subscribed && !consent)}>
          {subscribed ? "Me désinscrire de la lettre" : "M'inscrire à la lettre"}
        </button>
      </form>
    </section>
  );
}
