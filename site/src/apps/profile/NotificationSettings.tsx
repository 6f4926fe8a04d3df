/**
 * « Notifications » on /user/profile (#notifications, the link at the foot of every notification mail): which
 * editorial mails the member receives. Members choose for their own articles and media; admins also for
 * submissions waiting for approval and contact messages. Everything is on until switched off.
 */
import { useEffect, useState, type FormEvent } from "react";
import { api, call, errorText } from "../lib/api";
import { toast } from "../stores/toasts";
import "../ui/FormField.css";
import "./profile-section.css";
import "./NotificationSettings.css";

const LOAD_ERROR = "Erreur lors du chargement des notifications";
const SAVE_ERROR = "Erreur lors de l'enregistrement des notifications";

const load = () => call(api.user.notifications.get(), LOAD_ERROR);
type Settings = Awaited<ReturnType<typeof load>>;
type Topic = keyof Settings;

/** Each switch: its label and what it is about, in the order shown. */
const TOPICS: { topic: Topic; label: string; hint: string }[] = [
  { topic: "articles", label: "Mes articles", hint: "quand un de mes articles est validé ou mis en ligne, ou qu'une de mes modifications est refusée ou approuvée" },
  { topic: "media", label: "Mes médias", hint: "quand un de mes médias est validé ou mis en ligne" },
  { topic: "submissions", label: "Articles et médias à valider", hint: "quand un membre propose un article, une modification d'article publié ou un média" },
  { topic: "contact", label: "Messages de contact", hint: "quand un message arrive par le formulaire de contact" },
];

export function NotificationSettings() {
  const [saved, setSaved] = useState<Settings | null>(null);
  const [draft, setDraft] = useState<Settings>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    load().then(
      (s) => {
        setSaved(s);
        setDraft(s);
      },
      (e) => toast.error(errorText(e, LOAD_ERROR)),
    );
  }, []);

  if (!saved) return null;
  const shown = TOPICS.filter((t) => saved[t.topic] !== undefined);
  const changed = shown.some((t) => draft[t.topic] !== saved[t.topic]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const body = Object.fromEntries(shown.map((t) => [t.topic, draft[t.topic] === true]));
      const next = await call(api.user.notifications.put(body), SAVE_ERROR);
      setSaved(next);
      setDraft(next);
      toast.success("Préférences de notification enregistrées.");
    } catch (err) {
      toast.error(errorText(err, SAVE_ERROR));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="profile-section notification-settings" id="notifications" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      <form onSubmit={submit}>
        <fieldset className="field-group">
          <legend>M'envoyer un courriel…</legend>
          {shown.map((t) => (
            <label key={t.topic}>
              <input
                type="checkbox"
                name={t.topic}
                checked={draft[t.topic] === true}
                onChange={(e) => setDraft({ ...draft, [t.topic]: e.target.checked })}
              />
              <span>
                {t.label} <span className="notification-hint">({t.hint})</span>
              </span>
            </label>
          ))}
        </fieldset>
        <p className="field-hint">Les courriels sont regroupés{"\u00a0"}: au plus un toutes les dix minutes.</p>
        <button type="submit" className="btn" disabled={!changed || saving}>
          Enregistrer mes notifications
        </button>
      </form>
    </section>
  );
}
