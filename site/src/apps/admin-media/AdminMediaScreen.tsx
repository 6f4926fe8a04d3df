/**
 * /admin/media (spec §2, §4; issue 19): « Administration Médias », « Créer un média », the count (Aucun média /
 * 1 média / n médias), a search (accents ignored, as you type), filters by status (the dashboard links
 * `?status=pending`), type, author and dates, the sorts (the select or the column headers, both ways) and
 * 25 / 50 / 100 rows, all applied by the server one page at a time; the table (type badge, title linking to
 * /media/{url}, uploader or « - », date dd/mm/yyyy, approved and online toggles with the §4 messages, edit in admin
 * context, delete) or the same page as a grid of cards (« Grille », `view=grid`) with the same buttons; and the
 * bulk actions (approve, online, offline, delete). The list's state, the view and the open modal live in the
 * address.
 */
import { useStore } from "@nanostores/react";
import type { Media } from "../../../../api/contract";
import { formatDateShort, fullName } from "../../lib/format";
import { mediaHref } from "../../lib/paths";
import { api, call } from "../lib/api";
import { MEDIA_TYPE_LABELS } from "../lib/labels";
import { useResource } from "../lib/query";
import { MediaGrid } from "../media-library/MediaGrid";
import { useListView } from "../media-library/list-view";
import { ViewSwitch } from "../media-library/ViewSwitch";
import { deleteMedia, mediaChanged } from "../media/api";
import { countLabel, MEDIA_SORTS, MEDIA_STATUSES, MEDIA_TYPE_CHOICES, } from "../media/list-query";
import { MediaForm } from "../media/MediaForm";
import { useModerationColumns } from "../moderation/use-moderation";
import { selectColumn, useSelection } from "../ui/BulkBar";
import { Pager, type Column } from "../ui/DataTable";
import { useEditAddress } from "../ui/edit-address";
import { FormField } from "../ui/FormField";
import { listPagination } from "../ui/list-store";
import { isFiltered } from "../ui/list-state";
import { listCaption, ListTable } from "../ui/ListTable";
import { ListSearch } from "../ui/ListSearch";
import { ListSelect } from "../ui/ListSelect";
import { ScreenHead } from "../ui/ScreenHead";
import { useShown } from "../ui/use-shown";
import { $adminUsers } from "../users/stores";
import { sortFrench } from "../../lib/collate";
import { MediaBulkBar } from "./MediaBulkBar";
import { $adminMedia, adminMediaList } from "./stores";
import "../admin-articles/AdminArticlesScreen.css";
import { TRASH_MEDIA_QUESTION } from "../trash/trash-text";

type Filter = "status" | "type" | "uploader" | "from" | "to";

export default function AdminMediaScreen() {
  const query = useStore(adminMediaList.$state);
  const { data, loading, error } = useResource($adminMedia, "Erreur lors du chargement des médias");
  const users = useResource($adminUsers, "Erreur lors du chargement des utilisateurs");
  const [target, setTarget] = useEditAddress();
  const [view, setView] = useListView();
  const shown = useShown(data);
  const key = useStore(adminMediaList.$key);
  const { selection, setSelection, toggle } = useSelection(key);

  const change = adminMediaList.change;
  const filter = (name: Filter, value: string) => change({ filters: { [name]: value || undefined } });

  const moderation = useModerationColumns<Media>({
    list: data,
    setFlag: (id, flag, value, fallback) =>
      flag === "approved"
        ? call(api.admin.media({ id }).approve.put({ approved: value }), fallback)
        : call(api.admin.media({ id }).online.put({ online: value }), fallback),
    remove: (id) => deleteMedia("admin", id),
    kind: "media",
    changed: mediaChanged,
    onEdit: (id) => setTarget({ id }),
    texts: { confirm: TRASH_MEDIA_QUESTION, deleted: "Média supprimé.", deleteFallback: "Erreur lors de la suppression." },
  });

  const columns: Column<Media>[] = [
    selectColumn<Media>(selection, toggle, (m) => m._id, (m) => m.title),
    { key: "type", header: "Type", sortable: true, cell: (m) => <span className="badge badge-ocean">{MEDIA_TYPE_LABELS[m.type] ?? m.type}</span> },
    { key: "title", header: "Titre", rowHeader: true, sortable: true, cell: (m) => <a className="clip clip-title" href={mediaHref(m.url)} title={m.title}>{m.title}</a> },
    { key: "author", header: "Auteur", sortable: true, cell: (m) => <span className="clip-people">{m.uploadedBy ? fullName(m.uploadedBy) : "-"}</span> },
    { key: "recent", header: "Créé le", sortable: true, sortDir: "desc", className: "nowrap", cell: (m) => formatDateShort(m.createdAt) },
    ...moderation,
  ];

  const total = shown?.total ?? 0;
  const pager = listPagination(adminMediaList, query, total);
  const filtered = isFiltered(query);
  const empty = filtered ? "Aucun média dans cette sélection." : "Aucun média";
  const people = sortFrench(users.data ?? [], (u) => `${u.name} ${u.firstname}`).map((u) => [u._id, fullName(u)] as const);
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
          {shown ? countLabel(total, shown.capped) : ""}
        </p>
        <ListSearch label="Rechercher un média" value={query.q} onSearch={(q) => change({ q }, { replace: query.q.trim() !== "" })} />
        <ListSelect label="Afficher" value={query.filters.status ?? ""} options={MEDIA_STATUSES} onChange={(v) => filter("status", v)} />
        <ListSelect label="Type" value={query.filters.type ?? ""} options={MEDIA_TYPE_CHOICES} onChange={(v) => filter("type", v)} first="Tous les types" />
        <ListSelect label="Auteur" value={query.filters.uploader ?? ""} options={people} onChange={(v) => filter("uploader", v)} first="Tous les auteurs" />
        <FormField label="Ajoutés depuis le" className="list-tool list-date">
          {(field) => <input {...field} type="date" value={query.filters.from ?? ""} onChange={(e) => filter("from", e.target.value)} />}
        </FormField>
        <FormField label="Jusqu'au" className="list-tool list-date">
          {(field) => <input {...field} type="date" value={query.filters.to ?? ""} onChange={(e) => filter("to", e.target.value)} />}
        </FormField>
        <ListSelect label="Trier" value={query.sort} options={MEDIA_SORTS} onChange={(sort) => change({ sort })} />
        <ViewSwitch view={view} onChange={setView} />
      </div>
      <MediaBulkBar selection={selection} setSelection={setSelection} pageIds={(shown?.items ?? []).map((m) => m._id)} total={total} capped={shown?.capped} state={query} />
      {view === "grid" ? (
        <>
          <MediaGrid
            label={listCaption("Médias", shown && countLabel(total, shown.capped), query, pager.pageCount)}
            items={shown?.items}
            loading={loading}
            error={error}
            empty={empty}
            check={{ checked: (id) => selection.all || selection.ids.has(id), toggle, disabled: selection.all }}
            actions={(m) => moderation.map((c) => <span key={c.key} className="media-card-action">{c.cell(m)}</span>)}
          />
          <Pager {...pager} />
        </>
      ) : (
        <ListTable list={adminMediaList} state={query} page={shown} caption="Médias" count={countLabel} columns={columns} rowKey={(m) => m._id} loading={loading} error={error} empty={empty} />
      )}
      <MediaForm context="admin" open={target !== null} mediaId={target?.id ?? null} onClose={() => setTarget(null)} />
    </section>
  );
}
