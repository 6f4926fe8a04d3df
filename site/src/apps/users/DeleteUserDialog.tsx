/**
 * « Supprimer cet utilisateur ? » (spec §5) with what the deletion touches: how many articles and media the
 * member has. While they are the only author of an article or the uploader of a media, the server refuses (409)
 * unless another member receives them: the dialog then asks who. The server's refusals (the last admin, one's
 * own account) are shown in the dialog.
 */
import { useEffect, useState } from "react";
import type { CurrentUser, UserFootprint } from "../../../../api/contract";
import { sortFrench } from "../../lib/collate";
import { fullName, plural } from "../../lib/format";
import { api, call, errorText } from "../lib/api";
import { invalidate } from "../lib/query";
import { toast } from "../stores/toasts";
import { FormField } from "../ui/FormField";
import { Icon } from "../ui/Icon";
import { Modal } from "../ui/Modal";
import { USERS_PATH } from "./stores";


type Props = { user: CurrentUser | null; others: readonly CurrentUser[]; onClose: () => void };

export function DeleteUserDialog({ user, others, onClose }: Props) {
  const [footprint, setFootprint] = useState<UserFootprint | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [transferTo, setTransferTo] = useState("");
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setFootprint(null);
    setLoadError(null);
    setTransferTo("");
    if (!user) return;
    let live = true;
    call(api.admin.users({ id: user._id }).footprint.get(), "Erreur lors du chargement des contenus du membre")
      .then((f) => live && setFootprint(f))
      .catch((e) => live && setLoadError(errorText(e, "Erreur lors du chargement des contenus du membre")));
    return () => {
      live = false;
    };
  }, [user]);

  const remove = async () => {
    if (!user) return;
    setSaving(true);
    // A refusal (the last admin, one's own account) is thrown: the Modal shows it next to the buttons.
    try {
      const query = transferTo ? { transferTo } : {};
      const done = await call(api.admin.users({ id: user._id }).delete(undefined, { query }), "Erreur lors de la suppression.");
      const moved = done.transferred.articles + done.transferred.media;
      toast.success(moved > 0 ? `Membre supprimé\u00a0; ses contenus ont été transférés.` : "Membre supprimé.");
      invalidate(USERS_PATH, "/api/admin/stats", "/api/admin/articles", "/api/admin/media", "/api/admin/events");
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const receivers = sortFrench(
    others.filter((o) => o._id !== user?._id),
    (o) => `${o.name} ${o.firstname}`,
  );
  const needsTransfer = footprint?.needsTransfer === true;
  const footer = (
    <>
      <button type="button" className="btn btn-outline" onClick={onClose} disabled={saving}>
        Annuler
      </button>
      <button type="submit" className="btn btn-danger" disabled={saving || !footprint || (needsTransfer && !transferTo)} aria-busy={saving || undefined}>
        {saving && (
          <>
            <Icon name="busy" />{" "}
          </>
        )}
        Supprimer
      </button>
    </>
  );

  return (
    <Modal
      open={user !== null}
      title={"Supprimer cet utilisateur\u00a0?"}
      size="md"
      onClose={onClose}
      onSubmit={remove}
      saving={saving}
      footer={footer}
      errorFallback="Erreur lors de la suppression."
      guardChanges={false}
    >
      {user && <p>{fullName(user)} ({user.nickname}) sera supprimé définitivement.</p>}
      {loadError && (
        <p className="field-error" role="alert">
          {loadError}
        </p>
      )}
      {!footprint && !loadError && <p role="status">Chargement...</p>}
      {footprint && (
        <p className="user-delete-facts">
          Ce membre a {plural(footprint.articles, "article")}
          {footprint.soleAuthorArticles > 0 && ` (dont ${footprint.soleAuthorArticles} dont il est le seul auteur)`} et{" "}
          {plural(footprint.media, "média")}
          {footprint.events > 0 && `, et organise ${plural(footprint.events, "événement")}`}.
          {footprint.articles - footprint.soleAuthorArticles > 0 && " Il sera retiré des articles écrits à plusieurs."}
        </p>
      )}
      {needsTransfer && (
        <FormField label="Transférer ses articles et médias à" required hint="Sans destinataire, la suppression est refusée.">
          {(field) => (
            <select {...field} value={transferTo} onChange={(e) => setTransferTo(e.target.value)}>
              <option value="">Choisir un membre…</option>
              {receivers.map((o) => (
                <option key={o._id} value={o._id}>
                  {fullName(o)} ({o.nickname})
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
    </Modal>
  );
}
