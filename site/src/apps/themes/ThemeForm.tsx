/**
 * Theme create/edit modal (spec §5): name and url required (trimmed), submit disabled until both are filled, a
 * hint about the url's characters (the server refuses others: the url is a path segment), keywords as comma
 * separated text. Server messages (a url already used) are shown as they come.
 */
import { useEffect, useState } from "react";
import type { AdminTheme } from "../../../../api/contract";
import { api, call, errorText } from "../lib/api";
import { invalidate } from "../lib/query";
import { toast } from "../stores/toasts";
import { FormField } from "../ui/FormField";
import { Modal } from "../ui/Modal";
import { THEMES_PATH } from "./stores";
import { themeBody, themeDraftOf, themeReady, type ThemeDraft } from "./theme-form";

export function ThemeForm({ open, theme, onClose }: { open: boolean; theme: AdminTheme | null; onClose: () => void }) {
  const [draft, setDraft] = useState<ThemeDraft>(() => themeDraftOf(theme));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setDraft(themeDraftOf(theme));
    setError(null);
  }, [open, theme]);

  const set = (key: keyof ThemeDraft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  const save = async () => {
    setSaving(true);
    setError(null);
    const fallback = theme ? "Erreur lors de la mise à jour du thème." : "Erreur lors de la création du thème.";
    try {
      const body = themeBody(draft);
      if (theme) await call(api.admin.themes({ id: theme._id }).put(body), fallback);
      else await call(api.admin.themes.post(body), fallback);
      toast.success(theme ? "Thème mis à jour." : "Thème créé.");
      invalidate(THEMES_PATH, "/api/admin/stats");
      onClose();
    } catch (e) {
      const text = errorText(e, fallback);
      setError(text);
      toast.error(text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={theme ? "Modifier le thème" : "Nouveau thème"}
      size="md"
      onClose={onClose}
      onSubmit={save}
      submitLabel={theme ? "Enregistrer" : "Créer le thème"}
      submitDisabled={!themeReady(draft)}
      saving={saving}
    >
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <FormField label="Nom" required>
        {(field) => <input {...field} type="text" maxLength={100} value={draft.name} onChange={set("name")} />}
      </FormField>
      <FormField label="URL" required hint="Sans espaces ni caractères spéciaux : lettres sans accents, chiffres, tirets ou soulignés (ex. economie_bleue).">
        {(field) => <input {...field} type="text" maxLength={100} autoCapitalize="none" spellCheck={false} value={draft.url} onChange={set("url")} />}
      </FormField>
      <FormField label="Mots-clés" hint="Séparés par des virgules.">
        {(field) => <input {...field} type="text" value={draft.keywords} onChange={set("keywords")} />}
      </FormField>
    </Modal>
  );
}
