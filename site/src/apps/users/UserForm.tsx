/**
 * Member create/edit modal for admins (spec §5): names, alias (unique), e-mail, the password (required on create;
 * « Nouveau mot de passe (optionnel) » on edit, sent only when typed) with its rules shown live, the role, at most
 * 3 groups (the unticked boxes lock at 3), an optional profile picture (JPG, PNG, WEBP), domain, biography and
 * social links. The server's French messages (reserved alias, alias or e-mail taken, last admin) are shown in the
 * form; the alert says « Erreur lors de la sauvegarde du membre ». Another member's new e-mail, alias or password
 * asks the administrator's own owner-present proof (issue 30): its fields show only while one of those differs.
 */
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import type { CurrentUser } from "../../../../api/contract";
import { fullName, pluralWord } from "../../lib/format";
import { ApiError, errorText, isAbort, upload, type Progress } from "../lib/api";
import { GROUP_LABELS, ROLE_LABELS, SOCIAL_LABELS } from "../lib/labels";
import { invalidate } from "../lib/query";
import { OwnerProofFields, proofBody, useProofNeeds, type OwnerProof } from "../owner-proof/OwnerProofFields";
import { isProofRefusal } from "../owner-proof/owner-proof-client";
import { pictureProblem, PICTURE_TYPES } from "../profile/picture";
import { toast } from "../stores/toasts";
import { $viewer } from "../stores/viewer";
import { useStore } from "@nanostores/react";
import { Avatar } from "../ui/Avatar";
import { FieldGroup, FormField } from "../ui/FormField";
import { Modal } from "../ui/Modal";
import { NewPasswordField } from "../ui/NewPasswordField";
import { UploadProgress } from "../ui/UploadProgress";
import { USERS_PATH } from "./stores";
import { UnlockSignIn } from "./UnlockSignIn";
import {
  groupLocked,
  MAX_GROUPS,
  passwordProblem,
  SOCIAL_KEYS,
  toggleGroup,
  userDraftOf,
  userFormData,
  userRequiredFilled,
  waysInChanged,
  type Role,
  type UserDraft,
} from "./user-form";
import "./UserForm.css";

type TextKey = "firstname" | "name" | "nickname" | "email" | "domain" | "biography";

/** Prefix of the ids of the administrator's proof fields (OwnerProofFields): a refused proof moves focus there. */
const PROOF_ID = "member-proof";

/** Focus in the first field of the proof (the password, else the code), where its refusal is said. */
const focusProof = () => (document.getElementById(`${PROOF_ID}-password`) ?? document.getElementById(`${PROOF_ID}-code`))?.focus();

export function UserForm({ open, user, onClose }: { open: boolean; user: CurrentUser | null; onClose: () => void }) {
  const creating = user === null;
  const [draft, setDraft] = useState<UserDraft>(() => userDraftOf(user));
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Another member's e-mail, alias or password: the administrator's own owner-present proof (issue 30).
  const needs = useProofNeeds();
  const [proof, setProof] = useState<OwnerProof>({});
  const [proofError, setProofError] = useState("");
  // One's own e-mail, alias and password are refused here whatever the proof (the profile is the way): not asked.
  const viewer = useStore($viewer);
  const asksProof = waysInChanged(draft, user) && user?._id !== viewer?._id;

  useEffect(() => {
    if (!open) return;
    setDraft(userDraftOf(user));
    setProof({});
    setProofError("");
    setPicture(null);
    setPreview(null);
    setPictureError(null);
    setPasswordError(null);
  }, [open, user]);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const set = (key: TextKey) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  const choosePicture = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    const problem = file ? pictureProblem(file) : null;
    setPictureError(problem);
    if (!file || problem) {
      e.target.value = "";
      setPicture(null);
      setPreview(null);
      return;
    }
    setPicture(file);
    setPreview(URL.createObjectURL(file));
  };

  const save = async () => {
    const problem = passwordProblem(draft);
    setPasswordError(problem);
    if (problem) return;
    setSaving(true);
    setProofError("");
    abort.current = new AbortController();
    try {
      const fallback = "Erreur lors de la sauvegarde du membre";
      const path = creating ? "/api/admin/register" : `/api/admin/users/${encodeURIComponent(user._id)}`;
      await upload<CurrentUser>(path, userFormData(draft, picture, asksProof ? proofBody(proof) : undefined), {
        method: creating ? "POST" : "PUT",
        fallback,
        signal: abort.current.signal,
        onProgress: picture ? setProgress : undefined,
      });
      toast.success(creating ? (draft.invite ? `Membre créé. Invitation envoyée à ${draft.email.trim()}.` : "Membre créé.") : "Membre mis à jour.");
      invalidate(USERS_PATH, "/api/admin/stats");
      setProof({});
      onClose();
    } catch (e) {
      if (asksProof && e instanceof ApiError && isProofRefusal(e)) {
        // Said at the proof's fields, which get focus; everything typed stays (a passkey answer is spent: asked again).
        setProofError(e.message);
        setProof((p) => ({ ...p, passkey: undefined }));
        requestAnimationFrame(focusProof);
      } else if (!isAbort(e)) {
        // Shown in the dialog, next to the buttons: the spec's alert, then the server's reason when it gave one.
        const reason = errorText(e, "");
        toast.error(reason ? `Erreur lors de la sauvegarde du membre\u00a0: ${reason}` : "Erreur lors de la sauvegarde du membre");
      }
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  const text = (key: TextKey, label: string, opts: { required?: boolean; type?: string; autoComplete?: string; hint?: string; maxLength?: number } = {}) => (
    <FormField label={label} required={opts.required} hint={opts.hint}>
      {(field) => (
        <input {...field} type={opts.type ?? "text"} autoComplete={opts.autoComplete ?? "off"} maxLength={opts.maxLength} value={draft[key]} onChange={set(key)} />
      )}
    </FormField>
  );

  return (
    <Modal
      open={open}
      title={creating ? "Nouveau membre" : `Modifier ${fullName(user)}`}
      size="lg"
      onClose={onClose}
      onSubmit={save}
      submitLabel={creating ? "Créer le membre" : "Enregistrer"}
      submitDisabled={!userRequiredFilled(draft, creating)}
      saving={saving}
    >
      <div className="user-form-grid">
        {text("firstname", "Prénom", { required: true, maxLength: 80 })}
        {text("name", "Nom", { required: true, maxLength: 80 })}
        {text("nickname", "Alias", { required: true, hint: "Identifiant de connexion, unique\u00a0: lettres, chiffres, point, tiret ou souligné.", maxLength: 40 })}
        {text("email", "E-mail", { required: true, type: "email", maxLength: 200 })}
      </div>
      {creating && (
        <label className="user-invite">
          <input type="checkbox" checked={draft.invite} onChange={(e) => setDraft((d) => ({ ...d, invite: e.target.checked, password: "" }))} />
          Envoyer une invitation (le membre choisit lui-même son mot de passe grâce à un lien valable 7 jours)
        </label>
      )}
      {!(creating && draft.invite) && (
        <NewPasswordField
          label={creating ? "Mot de passe" : "Nouveau mot de passe (optionnel)"}
          required={creating}
          error={passwordError}
          value={draft.password}
          onChange={(value) => setDraft((d) => ({ ...d, password: value }))}
        />
      )}
      {asksProof && (
        <div className="user-proof">
          <p className="muted">{"Pour changer l’adresse e-mail, l’alias ou le mot de passe d’un membre, confirmez avec votre propre mot de passe."}</p>
          <OwnerProofFields id={PROOF_ID} needs={needs} value={proof} onChange={setProof} error={proofError} />
        </div>
      )}
      <FormField label="Rôle" required>
        {(field) => (
          <select {...field} value={draft.role} onChange={(e) => setDraft((d) => ({ ...d, role: e.target.value as Role }))}>
            <option value="user">{ROLE_LABELS.user}</option>
            <option value="admin">{ROLE_LABELS.admin}</option>
          </select>
        )}
      </FormField>
      <FieldGroup legend="Groupes" hint={`${MAX_GROUPS} au plus (${draft.groups.length} ${pluralWord(draft.groups.length, "choisi")}).`}>
        {Object.entries(GROUP_LABELS).map(([code, label]) => (
          <label key={code}>
            <input
              type="checkbox"
              name="groups"
              value={code}
              checked={draft.groups.includes(code)}
              disabled={groupLocked(draft.groups, code)}
              onChange={(e) => setDraft((d) => ({ ...d, groups: toggleGroup(d.groups, code, e.target.checked) }))}
            />
            {label}
          </label>
        ))}
      </FieldGroup>
      <div className="user-picture-field">
        <Avatar file={user?.profilePic} src={preview ?? undefined} name={fullName(draft) || "nouveau membre"} size={96} decorative />
        <FormField label="Photo de profil (optionnelle)" hint="Images JPG, PNG ou WEBP, 5 Mo au plus." error={pictureError}>
          {(field) => <input {...field} type="file" accept={PICTURE_TYPES.join(",")} onChange={choosePicture} />}
        </FormField>
      </div>
      {progress && <UploadProgress {...progress} label="Envoi de la photo" onCancel={() => abort.current?.abort()} />}
      {text("domain", "Domaine", { maxLength: 300 })}
      <FormField label="Biographie">
        {(field) => <textarea {...field} rows={4} maxLength={5000} value={draft.biography} onChange={set("biography")} />}
      </FormField>
      <fieldset className="user-fieldset">
        <legend>Réseaux sociaux</legend>
        <div className="user-form-grid">
          {SOCIAL_KEYS.map((k) => (
            <FormField key={k} label={SOCIAL_LABELS[k]}>
              {(field) => (
                <input
                  {...field}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  maxLength={300}
                  value={draft.socialLinks[k]}
                  onChange={(e) => setDraft((d) => ({ ...d, socialLinks: { ...d.socialLinks, [k]: e.target.value } }))}
                />
              )}
            </FormField>
          ))}
        </div>
      </fieldset>
      {!creating && <UnlockSignIn user={user} />}
    </Modal>
  );
}
