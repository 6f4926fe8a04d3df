/**
 * /user/media (spec §2): « Créer un média », the member's own media (shown only when there are any: type, title,
 * created date, their approved and online badges, edit, delete) and « Médias des membres ». One list from the
 * server, split by comparing the uploader's id with the viewer's. The modal's address is in the URL (`?new`,
 * `?edit=<id>`); opening the edit address of someone else's media shows the 403 text.
 */
import { useState } from "react";
import type { Media } from "../../../../api/contract";
import { formatDateShort } from "../../lib/format";
import { mediaHref, userHref } from "../../lib/paths";
import { errorText } from "../lib/api";
import { MEDIA_TYPE_LABELS } from "../lib/labels";
import { useResource } from "../lib/query";
import { toast } from "../stores/toasts";
import { useViewer } from "../stores/viewer";
import { confirm } from "../ui/ConfirmDialog";
import { actionsColumn } from "../ui/actions-column";
import { DataTable, type Column } from "../ui/DataTable";
import { useEditAddress } from "../ui/edit-address";
import { ScreenHead } from "../ui/ScreenHead";
import { StatusBadge } from "../ui/StatusBadge";
import { deleteMedia, mediaChanged } from "./api";
import { MediaForm } from "./MediaForm";
import { uploadedBy } from "./ownership";
import { $userMedia } from "./stores";
import "./MemberMediaScreen.css";

export const EMPTY_MEMBERS = "Aucun média des membres disponible pour le moment.";

const typeColumn: Column<Media> = {
  key: "type",
  header: "Type",
  cell: (m) => <span className="badge">{MEDIA_TYPE_LABELS[m.type] ?? m.type}</span>,
  sortValue: (m) => MEDIA_TYPE_LABELS[m.type] ?? m.type,
};
const titleColumn: Column<Media> = {
  key: "title",
  header: "Titre",
  rowHeader: true,
  cell: (m) => <a href={mediaHref(m.url)}>{m.title}</a>,
  sortValue: (m) => m.title,
};
const createdColumn: Column<Media> = {
  key: "createdAt",
  header: "Créé le",
  className: "nowrap",
  cell: (m) => formatDateShort(m.createdAt),
  sortValue: (m) => m.createdAt,
};

export default function MemberMediaScreen() {
  const viewer = useViewer();
  const [target, setTarget] = useEditAddress();
  const list = useResource($userMedia, "Erreur chargement médias utilisateur.");
  const [deleting, setDeleting] = useState<string | null>(null);

  const mine = list.data?.filter((m) => uploadedBy(m, viewer._id)) ?? [];
  const others = list.data?.filter((m) => !uploadedBy(m, viewer._id));

  const remove = async (media: Media) => {
    if (!(await confirm("Supprimer ce média ?"))) return;
    setDeleting(media._id);
    try {
      await deleteMedia("member", media._id);
      toast.success("Média supprimé.");
      mediaChanged();
    } catch (err) {
      toast.error(errorText(err, "Erreur lors de la suppression."));
    } finally {
      setDeleting(null);
    }
  };

  const myColumns: Column<Media>[] = [
    typeColumn,
    titleColumn,
    createdColumn,
    {
      key: "status",
      header: "Statut",
      className: "nowrap",
      cell: (m) => (
        <span className="media-statuses">
          <StatusBadge kind="approved" value={m.approved} />
          <StatusBadge kind="online" value={m.online} />
        </span>
      ),
    },
    actionsColumn<Media>({ label: (m) => ` « ${m.title} »`, onEdit: (m) => setTarget({ id: m._id }), onDelete: (m) => void remove(m), deleting: (m) => deleting === m._id }),
  ];

  const memberColumns: Column<Media>[] = [
    typeColumn,
    titleColumn,
    {
      key: "author",
      header: "Auteur",
      cell: (m) =>
        m.uploadedBy ? (
          <a href={userHref(m.uploadedBy.nickname)}>
            {m.uploadedBy.firstname} {m.uploadedBy.name}
          </a>
        ) : (
          "-"
        ),
      sortValue: (m) => (m.uploadedBy ? `${m.uploadedBy.name} ${m.uploadedBy.firstname}` : null),
    },
    createdColumn,
  ];

  return (
    <section className="member-media">
      <ScreenHead
        title="Mes médias"
        action={
          <button type="button" className="btn" onClick={() => setTarget({ id: null })}>
            Créer un média
          </button>
        }
      />

      {mine.length > 0 ? (
        <DataTable caption="Mes médias" captionHidden columns={myColumns} rows={mine} rowKey={(m) => m._id} empty="" />
      ) : (
        !list.loading && !list.error && <p className="muted">Vous n'avez pas encore partagé de média.</p>
      )}

      <h2>Médias des membres</h2>
      <DataTable
        caption="Médias des membres"
        captionHidden
        columns={memberColumns}
        rows={others}
        rowKey={(m) => m._id}
        loading={list.loading}
        error={list.error}
        empty={EMPTY_MEMBERS}
      />

      <MediaForm context="member" open={target !== null} mediaId={target?.id ?? null} onClose={() => setTarget(null)} />
    </section>
  );
}
