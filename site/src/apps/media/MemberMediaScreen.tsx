/**
 * /user/media (spec §2; issue 19): « Créer un média » and one paged list of the media the member sees: their own
 * in any state and the community's public ones, or only theirs (« Afficher : Mes médias », `mine=1`). Search
 * (accents ignored), status, type and date filters, the sorts and 25 / 50 / 100 rows are applied by the server;
 * the count reads « Aucun média / 1 média / n médias ». Columns: type, title (link to /media/{url}), author,
 * created date, the approved and online badges, and edit / delete on the member's own media only (judged by
 * comparing the uploader's id with the viewer's, as the spec says; the server refuses the others anyway). The
 * same page shows as a grid (« Grille », `view=grid`). The list's state, the view and the modal's address
 * (`?new`, `?edit=<id>`) live in the URL; opening the edit address of someone else's media shows the 403 text.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { Media } from "../../../../api/contract";
import { formatDateShort } from "../../lib/format";
import { mediaHref, userHref } from "../../lib/paths";
import { errorText } from "../lib/api";
import { MEDIA_TYPE_LABELS } from "../lib/labels";
import { useResource } from "../lib/query";
import { MediaGrid } from "../media-library/MediaGrid";
import { useListView } from "../media-library/list-view";
import { ViewSwitch } from "../media-library/ViewSwitch";
import { toast } from "../stores/toasts";
import { useViewer } from "../stores/viewer";
import { confirm } from "../ui/ConfirmDialog";
import { actionsColumn } from "../ui/actions-column";
import { Pager, type Column } from "../ui/DataTable";
import { useEditAddress } from "../ui/edit-address";
import { FormField } from "../ui/FormField";
import { listPagination } from "../ui/list-store";
import { isFiltered } from "../ui/list-state";
import { listCaption, ListTable } from "../ui/ListTable";
import { ListSearch } from "../ui/ListSearch";
import { ListSelect } from "../ui/ListSelect";
import { ScreenHead } from "../ui/ScreenHead";
import { StatusBadge } from "../ui/StatusBadge";
import { useShown } from "../ui/use-shown";
import { deleteMedia, mediaChanged } from "./api";
import { countLabel, MEDIA_SORTS, MEDIA_STATUSES, MEDIA_TYPE_CHOICES } from "./list-query";
import { MediaForm } from "./MediaForm";
import { uploadedBy } from "./ownership";
import { $userMedia, memberMediaList } from "./stores";
import "./MemberMediaScreen.css";
import { TRASH_MEDIA_QUESTION } from "../trash/trash-text";
import { undoDelete } from "../trash/undo";

export const EMPTY_MEMBERS = "Aucun média des membres disponible pour le moment.";

const WHOSE = [
  ["", "Mes médias et ceux des membres"],
  ["1", "Mes médias"],
] as const;

type Filter = "mine" | "status" | "type" | "from" | "to";

function Statuses({ media }: { media: Media }) {
  return (
    <span className="media-statuses">
      <StatusBadge kind="approved" value={media.approved} />
      <StatusBadge kind="online" value={media.online} />
    </span>
  );
}

export default function MemberMediaScreen() {
  const viewer = useViewer();
  const query = useStore(memberMediaList.$state);
  const { data, loading, error } = useResource($userMedia, "Erreur chargement médias utilisateur.");
  const shown = useShown(data);
  const [target, setTarget] = useEditAddress();
  const [view, setView] = useListView();
  const [deleting, setDeleting] = useState<string | null>(null);

  const change = memberMediaList.change;
  const filter = (name: Filter, value: string) => change({ filters: { [name]: value || undefined } });
  const mine = (m: Media) => uploadedBy(m, viewer._id);

  const remove = async (media: Media) => {
    if (!(await confirm(TRASH_MEDIA_QUESTION))) return;
    setDeleting(media._id);
    try {
      await deleteMedia("member", media._id);
      toast.success("Média supprimé.", undoDelete("user", "media", media._id, mediaChanged));
      mediaChanged();
    } catch (err) {
      toast.error(errorText(err, "Erreur lors de la suppression."));
    } finally {
      setDeleting(null);
    }
  };

  const actions = actionsColumn<Media>({
    label: (m) => ` « ${m.title} »`,
    onEdit: (m) => setTarget({ id: m._id }),
    onDelete: (m) => void remove(m),
    deleting: (m) => deleting === m._id,
  });

  const columns: Column<Media>[] = [
    { key: "type", header: "Type", sortable: true, cell: (m) => <span className="badge">{MEDIA_TYPE_LABELS[m.type] ?? m.type}</span> },
    { key: "title", header: "Titre", rowHeader: true, sortable: true, cell: (m) => <a href={mediaHref(m.url)}>{m.title}</a> },
    {
      key: "author",
      header: "Auteur",
      cell: (m) =>
        mine(m) ? (
          "Moi"
        ) : m.uploadedBy ? (
          <a href={userHref(m.uploadedBy.nickname)}>
            {m.uploadedBy.firstname} {m.uploadedBy.name}
          </a>
        ) : (
          "-"
        ),
    },
    { key: "recent", header: "Créé le", sortable: true, sortDir: "desc", className: "nowrap", cell: (m) => formatDateShort(m.createdAt) },
    { key: "state", header: "Statut", className: "nowrap", cell: (m) => <Statuses media={m} /> },
    { ...actions, cell: (m) => (mine(m) ? actions.cell(m) : <span className="muted">-</span>) },
  ];

  const total = shown?.total ?? 0;
  const pager = listPagination(memberMediaList, query, total);
  const filtered = isFiltered(query);
  const empty = query.filters.mine ? "Vous n'avez pas encore partagé de média." : filtered ? "Aucun média dans cette sélection." : EMPTY_MEMBERS;
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
      <div className="list-tools">
        <p className="list-count" aria-live="polite">
          {shown ? countLabel(total, shown.capped) : ""}
        </p>
        <ListSearch label="Rechercher un média" value={query.q} onSearch={(q) => change({ q }, { replace: query.q.trim() !== "" })} />
        <ListSelect label="Afficher" value={query.filters.mine ?? ""} options={WHOSE} onChange={(v) => filter("mine", v)} />
        <ListSelect label="Statut" value={query.filters.status ?? ""} options={MEDIA_STATUSES} onChange={(v) => filter("status", v)} />
        <ListSelect label="Type" value={query.filters.type ?? ""} options={MEDIA_TYPE_CHOICES} onChange={(v) => filter("type", v)} first="Tous les types" />
        <FormField label="Ajoutés depuis le" className="list-tool list-date">
          {(field) => <input {...field} type="date" value={query.filters.from ?? ""} onChange={(e) => filter("from", e.target.value)} />}
        </FormField>
        <FormField label="Jusqu'au" className="list-tool list-date">
          {(field) => <input {...field} type="date" value={query.filters.to ?? ""} onChange={(e) => filter("to", e.target.value)} />}
        </FormField>
        <ListSelect label="Trier" value={query.sort} options={MEDIA_SORTS} onChange={(sort) => change({ sort })} />
        <ViewSwitch view={view} onChange={setView} />
      </div>
      {view === "grid" ? (
        <>
          <MediaGrid
            label={listCaption("Médias", shown && countLabel(total, shown.capped), query, pager.pageCount)}
            items={shown?.items}
            loading={loading}
            error={error}
            empty={empty}
            actions={(m) => (
              <>
                <Statuses media={m} />
                {mine(m) && actions.cell(m)}
              </>
            )}
          />
          <Pager {...pager} />
        </>
      ) : (
        <ListTable list={memberMediaList} state={query} page={shown} caption="Médias" count={countLabel} columns={columns} rowKey={(m) => m._id} loading={loading} error={error} empty={empty} />
      )}
      <MediaForm context="member" open={target !== null} mediaId={target?.id ?? null} onClose={() => setTarget(null)} />
    </section>
  );
}
