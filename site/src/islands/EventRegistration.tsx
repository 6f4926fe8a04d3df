import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Availability, RegistrationAnswer } from "../../../api/modules/registrations/model";
import { FormField } from "../apps/ui/FormField";
import { ApiError, apiFetch } from "../lib/http";
import { readSession } from "../lib/session";
import "./EventRegistration.css";

const CONSENT =
  "En vous inscrivant, vous acceptez que l'Institut utilise votre nom et votre adresse e-mail pour gérer votre inscription et vous écrire au sujet de cet événement. Ces données sont supprimées après l'événement.";

/** « 12 places restantes », « Complet — liste d'attente », or nothing without a limit. */
export function placesText(a: Pick<Availability, "remaining">): string | null {
  if (a.remaining === null) return null;
  if (a.remaining === 0) return "Complet — liste d'attente";
  return a.remaining === 1 ? "1 place restante" : `${a.remaining} places restantes`;
}

type Me = { name: string; email: string };

/** The event page's own « Ajouter à mon agenda » link, outside the island (pages/event/[url].astro). */
const AGENDA_LINK = "[data-event-agenda]";

/**
 * Whether the answer gives the person a place: only then is the event theirs to put in a calendar. A visitor's
 * place waits for their address (« pending »), a full event puts people on the waiting list: the mail that gives
 * them a place carries the event for their calendar.
 */
export const hasPlace = (answer: Pick<RegistrationAnswer, "state">) => answer.state === "confirmed";

/**
 * « S'inscrire » on the prerendered event page: the places come from a small cached API call, so a registration
 * never changes (nor rebuilds) the page. A signed-in member registers in one click with their account.
 */
export default function EventRegistration({ eventId }: { eventId: string }) {
  const [availability, setAvailability] = useState<Availability | null>(null);
  const [me, setMe] = useState<Me | null>(null);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [answer, setAnswer] = useState("");
  const [error, setError] = useState("");
  const [done, setDone] = useState<RegistrationAnswer | null>(null);
  const [saving, setSaving] = useState(false);
  const confirmation = useRef<HTMLParagraphElement>(null);

  // The answer replaces the form, which on a phone ends below the screen: bring the answer into view and give it
  // the focus, so the visitor reads it (and a screen reader says it) instead of facing the footer.
  useEffect(() => {
    if (!done) return;
    confirmation.current?.scrollIntoView({ block: "center" });
    confirmation.current?.focus({ preventScroll: true });
    const agenda = document.querySelector<HTMLElement>(AGENDA_LINK);
    if (agenda) agenda.hidden = !hasPlace(done);
  }, [done]);

  useEffect(() => {
    const user = readSession()?.user;
    if (user) setMe({ name: `${user.firstname} ${user.name}`.trim(), email: user.email });
    apiFetch<Availability>(`/api/events/${encodeURIComponent(eventId)}/availability`)
      .then(setAvailability)
      .catch(() => setError("Les places disponibles n'ont pas pu être chargées."));
  }, [eventId]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    setSaving(true);
    try {
      const body = { ...(me ? {} : { name, email }), ...(availability?.question ? { answer } : {}), consent: true };
      setDone(await apiFetch<RegistrationAnswer>(`/api/events/${encodeURIComponent(eventId)}/registrations`, { method: "POST", body, fallback: "L'inscription n'a pas pu être enregistrée." }));
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : "L'inscription n'a pas pu être enregistrée.");
    } finally {
      setSaving(false);
    }
  }

  if (!availability) return error ? <p className="form-error" role="alert">{error}</p> : <p className="muted">Chargement des inscriptions…</p>;
  if (!availability.open) return <p className="registration-places">Les inscriptions à cet événement sont closes.</p>;
  const places = placesText(availability);
  if (done) {
    return (
      <p className="form-success registration-answer" role="status" ref={confirmation} tabIndex={-1}>
        {done.message}
      </p>
    );
  }
  const membersOnly = availability.audience === "members" && !me;
  return (
    <form className="registration-form" onSubmit={submit} noValidate aria-labelledby="registration-title">
      <h2 id="registration-title">S'inscrire</h2>
      {places && <p className="registration-places">{places}</p>}
      {membersOnly ? (
        <p>
          Cet événement est réservé aux membres{"\u00a0: "}<a href={`/login?redirect=${encodeURIComponent(location.pathname)}`}>connectez-vous</a> pour vous inscrire.
        </p>
      ) : (
        <>
          {me ? (
            <p>
              Vous êtes connecté en tant que <strong>{me.name}</strong> ({me.email}).
            </p>
          ) : (
            <>
              <FormField label="Nom et prénom" required>
                {(field) => <input {...field} type="text" autoComplete="name" maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />}
              </FormField>
              <FormField label="Adresse e-mail" required>
                {(field) => <input {...field} type="email" autoComplete="email" maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />}
              </FormField>
            </>
          )}
          {availability.question && (
            <FormField label={availability.question}>
              {(field) => <textarea {...field} rows={3} maxLength={2000} value={answer} onChange={(e) => setAnswer(e.target.value)} />}
            </FormField>
          )}
          <p className="registration-consent muted">{CONSENT}</p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button className="btn btn-primary" type="submit" aria-disabled={saving || undefined}>
            {availability.remaining === 0 ? "S'inscrire sur la liste d'attente" : "S'inscrire"}
          </button>
        </>
      )}
    </form>
  );
}
