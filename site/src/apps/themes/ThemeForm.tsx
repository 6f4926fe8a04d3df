/**
 * Theme create/edit modal (spec §5): name and url required (trimmed), submit disabled until both are filled, a
 * hint about the url's characters (the server refuses others: the url is a path segment), keywords as comma
 * separated text. Server messages (a url already used) are shown as they come.
 */
import { useEffect, useState } from "react";
import type { AdminTheme } from "../../../../api/contract";
import { api, call } from "../lib/api";
import { invalidate } from "../lib/query";
import { toast } from "../stores/toasts";
import { FormField } from "../ui/FormField";
import { Modal } from "../ui/Modal";
import { THEMES_PATH } from "./stores";
import { themeBody, themeDraftOf, themeErrors, themeReady, type ThemeDraft } from "./theme-form";

const URL_ID = "theme-url";

export function ThemeForm({ open, theme, onClose }: { open: boolean; theme: AdminTheme | null; onClose: () => void }) {
  const [draft, setDraft] = useState<ThemeDraft>(() => themeDraftOf(theme));
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!open) return;
    setDraft(themeDraftOf(theme));
    setTouched(false);
  }, [open, theme]);
  const errors = themeErrors(draft);

  const set = (key: keyof ThemeDraft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  const fallback = theme ? "Erreur lors de la mise à jour du thème." : "Erreur lors de la création du thème.";
  // The server's refusals (an url already used) are thrown: the Modal shows them next to the buttons.
  const save = async () => {
    setTouched(true);
    if (errors.url) {
      document.getElementById(URL_ID)?.focus();
      return;
    }
    // Modal shows the saving state while this runs.
    const body = themeBody(draft);
    if (theme) await call(api.admin.themes({ id: theme._id }).put(body), fallback);
    else await call(api.admin.themes.post(body), fallback);
    toast.success(theme ? "Thème mis à jour." : "Thème créé.");
    invalidate(THEMES_PATH, "/api/admin/stats");
    onClose();
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
      errorFallback={fallback}
    >
      <FormField label="Nom" required>
        {(field) => <input {...field} type="text" maxLength={100} value={draft.name} onChange={set("name")} />}
      </FormField>
      <FormField
        label="URL"
        required
        id={URL_ID}
        error={touched || draft.url.trim() ? errors.url : null}
        hint={"Sans espaces ni caractères spéciaux\u00a0: lettres sans accents, chiffres, tirets ou soulignés (ex. economie_bleue)."}
      >
        {(field) => <input {...field} type="text" maxLength={100} autoCapitalize="none" spellCheck={false} value={draft.url} onChange={set("url")} />}
      </FormField>
      <FormField label="Mots-clés" hint="Séparés par des virgules.">
        {(field) => <input {...field} type="text" value={draft.keywords} onChange={set("keywords")} />}
      </FormField>
    </Modal>
  );
}
