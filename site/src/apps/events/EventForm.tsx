/**
 * Event create/edit modal (spec §5): title, place, start and end required, the end not before the start
 * (checked here and by the server), description, organizers in a multi-select showing 4 rows, themes as
 * checkboxes, comma separated keywords, and the online state (new events start online).
 */
import { useEffect, useState } from "react";
import type { Event } from "../../../../api/contract";
import { sortFrench } from "../../lib/collate";
import { fullName } from "../../lib/format";
import { api, call, errorText } from "../lib/api";
import { invalidate, useResource } from "../lib/query";
import { toast } from "../stores/toasts";
import { $adminThemes } from "../themes/stores";
import { FieldGroup, FormField } from "../ui/FormField";
import { Modal } from "../ui/Modal";
import { $adminUsers } from "../users/stores";
import { eventBody, eventDraftOf, eventErrors, type EventDraft, type EventErrors } from "./event-form";
import { EVENTS_PATH } from "./stores";
import "./EventForm.css";

export function EventForm({ open, event, onClose }: { open: boolean; event: Event | null; onClose: () => void }) {
  const users = useResource($adminUsers, "Erreur lors du chargement des utilisateurs");
  const themes = useResource($adminThemes, "Erreur lors du chargement des thèmes");
  const [draft, setDraft] = useState<EventDraft>(() => eventDraftOf(event));
  const [errors, setErrors] = useState<EventErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setDraft(eventDraftOf(event));
    setErrors({});
    setServerError(null);
  }, [open, event]);

  const set = <K extends keyof EventDraft>(key: K, value: EventDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    // A field fixed loses its message; the others keep theirs until the next save.
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const save = async () => {
    const problems = eventErrors(draft);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSaving(true);
    setServerError(null);
    try {
      const body = eventBody(draft, event);
      if (event) await call(api.admin.events({ id: event._id }).put(body), "Erreur mise à jour événement");
      else await call(api.admin.events.post(body), "Erreur création événement");
      toast.success(event ? "Événement mis à jour." : "Événement créé.");
      invalidate(EVENTS_PATH, "/api/admin/stats");
      onClose();
    } catch (e) {
      setServerError(errorText(e, event ? "Erreur mise à jour événement" : "Erreur création événement"));
      toast.error("Erreur lors de la sauvegarde de l'événement");
    } finally {
      setSaving(false);
    }
  };

  const people = sortFrench(users.data ?? [], (u) => `${u.name} ${u.firstname}`);
  const toggleTheme = (id: string, on: boolean) =>
    set("themes", on ? [...draft.themes, id] : draft.themes.filter((t) => t !== id));

  return (
    <Modal
      open={open}
      title={event ? "Modifier l'événement" : "Nouvel événement"}
      size="lg"
      onClose={onClose}
      onSubmit={save}
      submitLabel={event ? "Enregistrer" : "Créer l'événement"}
      saving={saving}
    >
      {serverError && (
        <p className="field-error" role="alert">
          {serverError}
        </p>
      )}
      <FormField label="Titre" required error={errors.title}>
        {(field) => <input {...field} type="text" maxLength={200} value={draft.title} onChange={(e) => set("title", e.target.value)} />}
      </FormField>
      <FormField label="Lieu" required error={errors.location}>
        {(field) => <input {...field} type="text" maxLength={200} value={draft.location} onChange={(e) => set("location", e.target.value)} />}
      </FormField>
      <div className="event-dates">
        <FormField label="Début" required error={errors.startDate} hint="Heure de Dakar.">
          {(field) => <input {...field} type="datetime-local" value={draft.startDate} onChange={(e) => set("startDate", e.target.value)} />}
        </FormField>
        <FormField label="Fin" required error={errors.endDate} hint="Heure de Dakar.">
          {(field) => (
            <input {...field} type="datetime-local" min={draft.startDate || undefined} value={draft.endDate} onChange={(e) => set("endDate", e.target.value)} />
          )}
        </FormField>
      </div>
      <FormField label="Description">
        {(field) => <textarea {...field} rows={5} maxLength={10_000} value={draft.description} onChange={(e) => set("description", e.target.value)} />}
      </FormField>
      <FormField label="Organisateurs" hint="Ctrl (ou Cmd) + clic pour en choisir plusieurs." error={users.error}>
        {(field) => (
          <select
            {...field}
            multiple
            size={4}
            value={draft.organizers}
            onChange={(e) => set("organizers", Array.from(e.target.selectedOptions, (o) => o.value))}
          >
            {people.map((u) => (
              <option key={u._id} value={u._id}>
                {fullName(u)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FieldGroup legend="Thèmes" error={themes.error}>
        <div className="event-themes">
          {(themes.data ?? []).map((t) => (
            <label key={t._id}>
              <input type="checkbox" checked={draft.themes.includes(t._id)} onChange={(e) => toggleTheme(t._id, e.target.checked)} />
              {t.name}
            </label>
          ))}
        </div>
      </FieldGroup>
      <FormField label="Mots-clés" hint="Séparés par des virgules.">
        {(field) => <input {...field} type="text" value={draft.keywords} onChange={(e) => set("keywords", e.target.value)} />}
      </FormField>
      <label className="event-online">
        <input type="checkbox" checked={draft.online} onChange={(e) => set("online", e.target.checked)} />
        En ligne (visible sur le site public)
      </label>
      <FormField label="Mettre en ligne le" hint={"Heure de Dakar. L'événement reste hors ligne jusque-là, puis le site le publie de lui-même. Vide\u00a0: pas de mise en ligne programmée."}>
        {(field) => (
          <input
            {...field}
            type="datetime-local"
            value={draft.publishAt}
            onChange={(e) => setDraft((d) => ({ ...d, publishAt: e.target.value, ...(e.target.value ? { online: false } : {}) }))}
          />
        )}
      </FormField>
      <FieldGroup legend="Inscriptions">
        <label className="event-online">
          <input type="checkbox" checked={draft.registrationOpen} onChange={(e) => set("registrationOpen", e.target.checked)} />
          Inscriptions ouvertes
        </label>
        <FormField label="Qui peut s'inscrire">
          {(field) => (
            <select {...field} value={draft.registrationAudience} onChange={(e) => set("registrationAudience", e.target.value as "everyone" | "members")}>
              <option value="everyone">Tout le monde</option>
              <option value="members">Les membres connectés</option>
            </select>
          )}
        </FormField>
        <FormField label="Nombre de places" hint={"Vide\u00a0: sans limite. Au-delà, liste d'attente."} error={errors.registrationCapacity}>
          {(field) => <input {...field} type="number" min={1} step={1} inputMode="numeric" value={draft.registrationCapacity} onChange={(e) => set("registrationCapacity", e.target.value)} />}
        </FormField>
        <FormField label="Clôture des inscriptions" hint={"Heure de Dakar. Vide\u00a0: jusqu'au début."} error={errors.registrationClosesAt}>
          {(field) => <input {...field} type="datetime-local" value={draft.registrationClosesAt} onChange={(e) => set("registrationClosesAt", e.target.value)} />}
        </FormField>
        <FormField label="Question aux inscrits" hint={"Facultative (par exemple\u00a0: votre organisation)."}>
          {(field) => <input {...field} type="text" maxLength={300} value={draft.registrationQuestion} onChange={(e) => set("registrationQuestion", e.target.value)} />}
        </FormField>
      </FieldGroup>
    </Modal>
  );
}
