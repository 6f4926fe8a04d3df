/**
 * /admin/media (spec §2, §4): « Administration Médias », « Créer un média », a status filter (the dashboard
 * links `?status=pending`), and a table: type badge, title (link to /media/{url}), uploader or « - », created
 * date dd/mm/yyyy, approved and online toggles (the §4 messages), edit (the media form in admin context) and
 * delete. The server sends every media (a few thousand at most); the table sorts them and shows 50 at a time.
 */
import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { useState } from "react";
import type { Media } from "../../../../api/contract";
import { formatDateShort, fullName, plural } from "../../lib/format";
import { mediaHref } from "../../lib/paths";
import { api, call } from "../lib/api";
import { MEDIA_TYPE_LABELS } from "../lib/labels";
import { resource, useResource } from "../lib/query";
import { deleteMedia, mediaChanged } from "../media/api";
import { MediaForm } from "../media/MediaForm";
import { DataTable, type Column, type SortState } from "../ui/DataTable";
import { useEditAddress } from "../ui/edit-address";
import { ListSelect } from "../ui/ListSelect";
import { ScreenHead } from "../ui/ScreenHead";
import { useModerationColumns } from "../moderation/use-moderation";
import { pageOf, sortMedia, STATUS_CHOICES, statusFromSearch, type MediaStatus } from "./media-list";
import { wholeList } from "../lib/whole-list";
import "../admin-articles/AdminArticlesScreen.css";

const PAGE_SIZE = 50;

const $status = atom<MediaStatus | "">(typeof location === "undefined" ? "" : statusFromSearch(location.search));

export const $adminMedia = resource(["/api/admin/media?status=", $status], (_path, status) =>
  call(api.admin.media.get({ query: status ? { status: status as MediaStatus } : {} }), "Erreur lors du chargement des médias").then(wholeList),
);

export default function AdminMediaScreen() {
  const status = useStore($status);
  const { data, loading, error } = useResource($adminMedia, "Erreur lors du chargement des médias");
  const [target, setTarget] = useEditAddress();
  const [sort, setSort] = useState<SortState>({ key: "createdAt", dir: "desc" });
  const [page, setPage] = useState(1);

  const filter = (next: MediaStatus | "") => {
    $status.set(next);
    setPage(1);
    const url = new URL(location.href);
    if (next) url.searchParams.set("status", next);
    else url.searchParams.delete("status");
    history.replaceState(history.state, "", url);
  };

  const moderation = useModerationColumns<Media>({
    list: data,
    setFlag: (id, flag, value, fallback) =>
      flag === "approved"
        ? call(api.admin.media({ id }).approve.put({ approved: value }), fallback)
        : call(api.admin.media({ id }).online.put({ online: value }), fallback),
    remove: (id) => deleteMedia("admin", id),
    changed: mediaChanged,
    onEdit: (id) => setTarget({ id }),
    texts: { confirm: "Supprimer ce média ?", deleted: "Média supprimé.", deleteFallback: "Erreur lors de la suppression." },
  });

  const columns: Column<Media>[] = [
    { key: "type", header: "Type", sortable: true, cell: (m) => <span className="badge badge-ocean">{MEDIA_TYPE_LABELS[m.type] ?? m.type}</span> },
    { key: "title", header: "Titre", rowHeader: true, sortable: true, cell: (m) => <a href={mediaHref(m.url)}>{m.title}</a> },
    { key: "author", header: "Auteur", sortable: true, cell: (m) => (m.uploadedBy ? fullName(m.uploadedBy) : "-") },
    { key: "createdAt", header: "Créé le", sortable: true, className: "nowrap", cell: (m) => formatDateShort(m.createdAt) },
    ...moderation,
  ];

  const sorted = data ? sortMedia(data, sort) : undefined;
  const { rows, page: current, pageCount } = pageOf(sorted ?? [], page, PAGE_SIZE);
  return (
    <section className="admin-media">
      <ScreenHead
        title="Administration Médias"
        action={
          <button type="button" className="btn" onClick={() => setTarget({ id: null })}>
            Créer un média
          </button>
        }
      />
      <div className="list-tools">
        <p className="list-count" aria-live="polite">
          {data ? (data.length === 0 ? "Aucun média" : plural(data.length, "média")) : ""}
        </p>
        <ListSelect label="Afficher" value={status} options={STATUS_CHOICES} onChange={filter} />
      </div>
      <DataTable
        caption="Médias"
        captionHidden
        columns={columns}
        rows={sorted ? rows : undefined}
        rowKey={(m) => m._id}
        loading={loading}
        error={error}
        empty={status ? "Aucun média dans cette sélection." : "Aucun média"}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        pagination={{ page: current, pageCount, onPageChange: setPage }}
      />
      <MediaForm context="admin" open={target !== null} mediaId={target?.id ?? null} onClose={() => setTarget(null)} />
    </section>
  );
}
