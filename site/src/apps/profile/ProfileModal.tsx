/**
 * « Modifier mon profil » (spec §2, §4, §5): required fields (save disabled until filled), optional password
 * change with the live rules, and the picture flow: choose → local preview → crop → saved at once; the original
 * follows the profile save. On success the modal closes, « Profil mis à jour. », then /user after 600 ms.
 * A refused save shows the server's message inside the dialog (Modal shows what `save` throws).
 */
import { useEffect, useState, type ChangeEvent } from "react";
import { api, call, errorText } from "../lib/api";
import { SOCIAL_LABELS } from "../lib/labels";
import { useViewer, viewerChanged } from "../stores/viewer";
import { toast } from "../stores/toasts";
import { Avatar } from "../ui/Avatar";
import { FormField } from "../ui/FormField";
import { ImageCropper } from "../ui/ImageCropper";
import { Modal } from "../ui/Modal";
import { NewPasswordField } from "../ui/NewPasswordField";
import { draftOf, passwordErrors, profileBody, requiredFilled, SOCIAL_KEYS, type PasswordErrors, type ProfileDraft } from "./profile-form";
import { useProofNeeds } from "../owner-proof/OwnerProofFields";
import { pictureProblem, saveCroppedPicture, saveOriginalPicture } from "./picture";

/** Spec §4: the profile page sends the member to /user this long after a save. */
const REDIRECT_MS = 600;

/** Known ids of the password fields: a refused change moves focus to the field in error. */
const CURRENT_PASSWORD_ID = "profile-current-password";
const NEW_PASSWORD_ID = "profile-new-password";

type TextKey = "firstname" | "name" | "nickname" | "email" | "domain" | "biography";

export function ProfileModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const viewer = useViewer();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(viewer));
  const [errors, setErrors] = useState<PasswordErrors>({});
  // With two-factor on, the owner-present step asks a code with the password (api/modules/owner-present/).
  const needs = useProofNeeds();
  const [code, setCode] = useState("");
  // The picture: the chosen original (sent with the save), the file being cropped, the saved crop's preview.
  const [original, setOriginal] = useState<File | null>(null);
  const [cropping, setCropping] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);

  // Each opening starts from the saved profile.
  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(viewer));
    setErrors({});
    setCode("");
    setPictureError(null);
    // Only on opening: a viewer refreshed by a crop must not wipe what is being typed.
  }, [open]);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const set = (key: TextKey) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  const choosePicture = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    const problem = pictureProblem(file);
    setPictureError(problem);
    if (!problem) setCropping(file);
  };

  const cropped = async (blob: Blob) => {
    try {
      await saveCroppedPicture(blob);
      setOriginal(cropping);
      setPreview(URL.createObjectURL(blob));
      setCropping(null);
      // The server named the new picture: reload the viewer so every screen shows it.
      viewerChanged(await call(api.user.me.get(), "Erreur lors du chargement du profil"));
      toast.success("Image recadrée et sauvée");
    } catch (err) {
      toast.error(errorText(err, "❌ Erreur lors du recadrage"));
    }
  };

  const save = async () => {
    const problems = passwordErrors(draft);
    setErrors(problems);
    if (problems.currentPassword || problems.newPassword) {
      // Said at the field, which gets focus (a screen reader reads the field with its error).
      document.getElementById(problems.currentPassword ? CURRENT_PASSWORD_ID : NEW_PASSWORD_ID)?.focus();
      return;
    }
    // Modal shows the saving state while this runs, and what it throws.
    const body = { ...profileBody(draft), ...(code.trim() ? { currentCode: code.trim() } : {}) };
    viewerChanged(await call(api.user.me.put(body), "Erreur lors de la mise à jour du profil"));
    // Saved: the dialog closes (nothing left unsaved), the messages below show on the page.
    onClose();
    if (original) {
      try {
        await saveOriginalPicture(original);
        setOriginal(null);
      } catch (err) {
        toast.error(errorText(err, "❌ Erreur lors de l’envoi de l’image originale"));
      }
    }
    toast.success("Profil mis à jour.");
    setTimeout(() => location.assign("/user"), REDIRECT_MS);
  };

  const text = (key: TextKey, label: string, opts: { required?: boolean; type?: string; autoComplete?: string; hint?: string } = {}) => (
    <FormField label={label} required={opts.required} hint={opts.hint}>
      {(field) => (
        <input {...field} type={opts.type ?? "text"} autoComplete={opts.autoComplete} value={draft[key]} onChange={set(key)} />
      )}
    </FormField>
  );

  return (
    <>
      <Modal
        open={open}
        title="Modifier mon profil"
        size="lg"
        onClose={onClose}
        onSubmit={save}
        submitLabel="Enregistrer"
        submitDisabled={!requiredFilled(draft)}
      >
        <div className="profile-form-grid">
          {text("firstname", "Prénom", { required: true, autoComplete: "given-name" })}
          {text("name", "Nom", { required: true, autoComplete: "family-name" })}
          {text("nickname", "Alias", { required: true, autoComplete: "username", hint: "Votre identifiant de connexion, unique." })}
          {text("email", "E-mail", { required: true, type: "email", autoComplete: "email", hint: "La changer demande votre mot de passe actuel." })}
        </div>
        {text("domain", "Domaine")}
        <FormField label="Biographie">
          {(field) => <textarea {...field} rows={5} value={draft.biography} onChange={set("biography")} />}
        </FormField>

        <div className="profile-picture-field">
          <Avatar file={viewer.profilePic} src={preview ?? undefined} name="vous" size={150} decorative />
          <FormField label="Photo de profil" hint="JPG, PNG ou WEBP, 5 Mo au plus. Vous la recadrerez ensuite." error={pictureError}>
            {(field) => <input {...field} type="file" accept="image/jpeg,image/png,image/webp" onChange={choosePicture} />}
          </FormField>
        </div>

        <fieldset className="profile-fieldset">
          <legend>Réseaux sociaux</legend>
          <div className="profile-form-grid">
            {SOCIAL_KEYS.map((k) => (
              <FormField key={k} label={SOCIAL_LABELS[k]}>
                {(field) => (
                  <input
                    {...field}
                    type="url"
                    inputMode="url"
                    placeholder="https://"
                    value={draft.socialLinks[k]}
                    onChange={(e) => setDraft((d) => ({ ...d, socialLinks: { ...d.socialLinks, [k]: e.target.value } }))}
                  />
                )}
              </FormField>
            ))}
          </div>
        </fieldset>

        <fieldset className="profile-fieldset">
          <legend>Changer de mot de passe (facultatif)</legend>
          <FormField label="Mot de passe actuel" error={errors.currentPassword} id={CURRENT_PASSWORD_ID} hint="Demandé aussi pour changer l’e-mail ou l’alias.">
            {(field) => (
              <input
                {...field}
                type="password"
                autoComplete="current-password"
                value={draft.currentPassword}
                onChange={(e) => setDraft((d) => ({ ...d, currentPassword: e.target.value }))}
              />
            )}
          </FormField>
          {needs?.secondFactor && (
            <FormField
              label="Code de votre application d’authentification"
              id="profile-current-code"
              hint="Demandé avec le mot de passe actuel pour changer l’e-mail, l’alias ou le mot de passe (ou un code de secours)."
            >
              {(field) => (
                <input {...field} autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} maxLength={20} value={code} onChange={(e) => setCode(e.target.value)} />
              )}
            </FormField>
          )}
          <NewPasswordField
            id={NEW_PASSWORD_ID}
            label="Nouveau mot de passe"
            error={errors.newPassword}
            value={draft.newPassword}
            onChange={(value) => setDraft((d) => ({ ...d, newPassword: value }))}
          />
        </fieldset>
      </Modal>
      <ImageCropper
        open={cropping !== null}
        source={cropping}
        aspect={1}
        output={{ maxSide: 300 }}
        title="Recadrer la photo de profil"
        onCancel={() => setCropping(null)}
        onCropped={cropped}
      />
    </>
  );
}
