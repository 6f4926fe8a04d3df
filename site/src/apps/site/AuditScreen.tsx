/**
 * /admin/audit: the journal of admin writes (issue 19 §4), newest first, one server page at a time. Each entry
 * shows when, who, the action in French, and the item: its title as it was at the time (kept with the entry, so a
 * deleted item still reads) with a link to it while it exists, and what became of it. Searchable (the title and
 * the actor, accents ignored) and filtered by author, action, item kind and days; the whole state lives in the
 * address like every list (`?action=delete&q=ecole`), so it survives a reload and the back button.
 */
import { useStore } from "@nanostores/react";
import type { AuditEntry } from "../../../../api/contract";
import { fullName } from "../../lib/format";
import { useResource } from "../lib/query";
import type { Column } from "../ui/DataTable";
import { FormField } from "../ui/FormField";
import { ListSearch } from "../ui/ListSearch";
import { ListSelect } from "../ui/ListSelect";
import { isFiltered } from "../ui/list-state";
import { ListTable } from "../ui/ListTable";
import { ScreenHead } from "../ui/ScreenHead";
import { useShown } from "../ui/use-shown";
import { entryCount, entryParts, type AuditFilter } from "./audit-list";
import { $audit, $auditActors, auditList } from "./audit-stores";
import { ACTION_CHOICES, actionText, itemKindText, KIND_CHOICES, momentText } from "./site-text";
import "../admin-articles/AdminArticlesScreen.css";

/** The item's kind, then its name kept at the time (a link while the item exists); old entries show their summary. */
function Item({ entry }: { entry: AuditEntry }) {
  const text = entryParts(entry).name || entry.summary || "-";
  return (
    <>
      <span className="badge">{itemKindText(entry.itemKind)}</span> {entry.href ? <a href={entry.href}>{text}</a> : text}
    </>
  );
}

export default function AuditScreen() {
  const query = useStore(auditList.$state);
  const { data, loading, error } = useResource($audit, "Erreur lors du chargement du journal");
  const actors = useResource($auditActors, "Erreur lors du chargement des administrateurs");
  const shown = useShown(data);
  const change = auditList.change;
  const filter = (name: AuditFilter, value: string) => change({ filters: { [name]: value || undefined } });

  // A former administrator chosen from an old link is still offered, under the alias the entries kept.
  const actorChoices: (readonly [string, string])[] = (actors.data ?? []).map((u) => [u._id, `${fullName(u)} (${u.nickname})`] as const);
  const actor = query.filters.actor ?? "";
  if (actor && !actorChoices.some(([id]) => id === actor)) {
    actorChoices.push([actor, shown?.items.find((e) => e.actorId === actor)?.actor ?? "Auteur choisi"]);
  }

  const columns: Column<AuditEntry>[] = [
    { key: "recent", header: "Quand", sortable: true, sortDir: "desc", className: "nowrap", cell: (e) => momentText(e.createdAt) },
    { key: "who", header: "Qui", cell: (e) => e.actor },
    { key: "what", header: "Action", cell: (e) => actionText(e.action) },
    { key: "item", header: "Élément", rowHeader: true, cell: (e) => <Item entry={e} /> },
    { key: "detail", header: "Détail", cell: (e) => (entryParts(e).name && entryParts(e).detail) || "-" },
  ];

  const total = shown?.total ?? 0;
  const filtered = isFiltered(query);
  return (
    <section className="admin-audit">
      <ScreenHead title="Journal des modifications" />
      <p className="muted">Chaque modification faite dans l'administration&nbsp;: qui, quoi, sur quel élément, quand.</p>
      <div className="list-tools">
        <p className="list-count" aria-live="polite">
          {shown ? entryCount(total, shown.capped) : ""}
        </p>
        <ListSearch label="Rechercher dans le journal" value={query.q} onSearch={(q) => change({ q }, { replace: query.q.trim() !== "" })} />
        <ListSelect label="Auteur" value={actor} options={actorChoices} onChange={(v) => filter("actor", v)} first="Tous les administrateurs" />
        <ListSelect label="Action" value={query.filters.action ?? ""} options={ACTION_CHOICES} onChange={(v) => filter("action", v)} first="Toutes les actions" />
        <ListSelect label="Élément" value={query.filters.kind ?? ""} options={KIND_CHOICES} onChange={(v) => filter("kind", v)} first="Tous les éléments" />
        <FormField label="Depuis le" className="list-tool list-date">
          {(field) => <input {...field} type="date" value={query.filters.from ?? ""} onChange={(e) => filter("from", e.target.value)} />}
        </FormField>
        <FormField label="Jusqu'au" className="list-tool list-date">
          {(field) => <input {...field} type="date" value={query.filters.to ?? ""} onChange={(e) => filter("to", e.target.value)} />}
        </FormField>
      </div>
      <ListTable
        list={auditList}
        state={query}
        page={shown}
        caption="Journal"
        count={entryCount}
        columns={columns}
        rowKey={(e) => e._id}
        loading={loading}
        error={error}
        empty={filtered ? "Aucune entrée dans cette sélection." : "Aucune modification enregistrée pour le moment."}
      />
    </section>
  );
}
