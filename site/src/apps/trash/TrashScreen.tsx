/**
 * « Corbeille » (issue 20 §6), in the member space (their own deleted articles and media) and the back office
 * (everything): kind, title, who deleted it, when, and the days left before the purge; « Restaurer » puts an item
 * back as it was, « Supprimer définitivement » removes it and its files after a confirmation naming it.
 */
import { useStore } from "@nanostores/react";
import type { TrashItem } from "../../../../api/contract";
import { errorText } from "../lib/api";
import { invalidate, revalidate, useResource } from "../lib/query";
import { toast } from "../stores/toasts";
import { confirm } from "../ui/ConfirmDialog";
import type { Column } from "../ui/DataTable";
import { ListSearch } from "../ui/ListSearch";
import { ListSelect } from "../ui/ListSelect";
import { ListTable } from "../ui/ListTable";
import { ScreenHead } from "../ui/ScreenHead";
import { useShown } from "../ui/use-shown";
import { momentText } from "../site/site-text";
import { trashStores, type TrashArea } from "./stores";
import { daysLeftText, kindText, purgeQuestion, TRASH_KINDS, trashCountLabel } from "./trash-text";
import "./TrashScreen.css";

const personText = (p: TrashItem["deletedBy"]) => (p ? `${p.firstname} ${p.name}`.trim() || p.nickname : "Compte supprimé");

export function TrashScreen({ area, stores }: { area: TrashArea; stores: ReturnType<typeof trashStores> }) {
  const query = useStore(stores.list.$state);
  const { data, loading, error } = useResource(stores.$page, "Erreur lors du chargement de la corbeille.");
  const shown = useShown(data);
  // The lists the item comes back to (or leaves for good) reload with the trash.
  const lists = [stores.path, `/api/${area}/articles`, `/api/${area}/media`, `/api/${area}/stats`];

  const restore = async (item: TrashItem) => {
    try {
      const done = await stores.restore(item);
      toast.success(done.message, { action: `trash:${item._id}` });
      invalidate(...lists);
    } catch (e) {
      toast.error(errorText(e, "La restauration a échoué."), { action: `trash:${item._id}` });
    }
  };

  const purge = async (item: TrashItem) => {
    if (!(await confirm(purgeQuestion(item), { confirmLabel: "Supprimer définitivement" }))) return;
    try {
      const done = await stores.purge(item);
      toast.success(done.message, { action: `trash:${item._id}` });
      revalidate(...lists);
    } catch (e) {
      toast.error(errorText(e, "La suppression définitive a échoué."), { action: `trash:${item._id}` });
    }
  };

  const columns: Column<TrashItem>[] = [
    { key: "title", header: "Titre", rowHeader: true, cell: (i) => <span className="trash-title">{i.title}</span> },
    { key: "kind", header: "Type", cell: (i) => kindText(i.kind) },
    { key: "by", header: "Supprimé par", cell: (i) => personText(i.deletedBy) },
    { key: "recent", header: "Supprimé le", className: "nowrap", cell: (i) => momentText(i.deletedAt) },
    { key: "left", header: "Suppression définitive dans", className: "nowrap", cell: (i) => daysLeftText(i.purgeAt) },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      label: "Actions",
      className: "row-actions",
      cell: (i) => (
        <span className="trash-actions">
          <button type="button" className="btn btn-small" onClick={() => void restore(i)}>
            Restaurer<span className="sr-only"> : {i.title}</span>
          </button>
          <button type="button" className="btn btn-small btn-outline" onClick={() => void purge(i)}>
            Supprimer définitivement<span className="sr-only"> : {i.title}</span>
          </button>
        </span>
      ),
    },
  ];

  const total = shown?.total ?? 0;
  const filtered = Boolean(query.q.trim() || query.filters.kind);
  return (
    <section className="trash-screen">
      <ScreenHead title="Corbeille" />
      <p className="trash-notice">
        {area === "admin" ? "Les articles et médias supprimés" : "Vos articles et médias supprimés"} restent ici 30&nbsp;jours avant
        d'être supprimés définitivement, fichiers compris. Restaurés, ils reviennent tels qu'ils étaient.
      </p>
      <div className="list-tools">
        <p className="list-count" aria-live="polite">
          {shown ? trashCountLabel(total) : ""}
        </p>
        <ListSearch label="Rechercher dans la corbeille" value={query.q} onSearch={(q) => stores.list.change({ q }, { replace: query.q.trim() !== "" })} />
        <ListSelect label="Afficher" value={query.filters.kind ?? ""} options={TRASH_KINDS} onChange={(v) => stores.list.change({ filters: { kind: v || undefined } })} />
      </div>
      <ListTable
        list={stores.list}
        state={query}
        page={shown}
        caption="Corbeille"
        count={trashCountLabel}
        columns={columns}
        rowKey={(i) => `${i.kind}:${i._id}`}
        loading={loading}
        error={error}
        empty={filtered ? "Aucun élément dans cette sélection." : "La corbeille est vide."}
      />
    </section>
  );
}
