/**
 * /admin/themes (spec §2): create button; table with name, keywords as badges (a line break after every third),
 * edit and delete. The delete confirmation names the theme, says it is irreversible and how many articles and
 * events lose it (the server unlinks them).
 * Issue 19 §1: the count (Aucun thème / 1 thème / n thèmes), a search (accents ignored), the order by name (French,
 * « Thème 2 » before « Thème 10 ») either way and 25 / 50 / 100 rows, applied by the server, the state in the
 * address; bulk deletion under the same rule as one deletion.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { AdminTheme } from "../../../../api/contract";
import { plural } from "../../lib/format";
import { api, call, errorText } from "../lib/api";
import { invalidate, revalidate, useResource } from "../lib/query";
import { toast } from "../stores/toasts";
import { BulkBar, selectColumn, useSelection, type BulkAction } from "../ui/BulkBar";
import { confirm } from "../ui/ConfirmDialog";
import { actionsColumn } from "../ui/actions-column";
import type { Column } from "../ui/DataTable";
import { ListSearch } from "../ui/ListSearch";
import { ListSelect } from "../ui/ListSelect";
import { ListTable } from "../ui/ListTable";
import { ScreenHead } from "../ui/ScreenHead";
import { useShown } from "../ui/use-shown";
import { THEME_ORDERS, themeCount } from "./list-query";
import { THEMES_PATH } from "./stores";
import { $themePage, themeList } from "./theme-page";
import { keywordLines } from "./theme-form";
import { ThemeForm } from "./ThemeForm";
import "./ThemesScreen.css";

function deleteQuestion(t: AdminTheme): string {
  const uses = [t.articles > 0 && plural(t.articles, "article"), t.events > 0 && plural(t.events, "événement")].filter(Boolean);
  const unlink = uses.length ? ` Il sera retiré de ${uses.join(" et ")}.` : "";
  return `Supprimer le thème «\u00a0${t.name}\u00a0»\u00a0? Cette action est irréversible.${unlink}`;
}

const BULK_ACTIONS: readonly BulkAction<"delete">[] = [
  {
    value: "delete",
    label: "Supprimer",
    question: (n) => `Supprimer ${n}\u00a0? Cette action est irréversible\u00a0: les articles et événements qui les portent les perdront.`,
  },
];

export default function ThemesScreen() {
  const query = useStore(themeList.$state);
  const { data, loading, error } = useResource($themePage, "Erreur lors du chargement des thèmes");
  const shown = useShown(data);
  const [editing, setEditing] = useState<{ theme: AdminTheme | null } | null>(null);
  const { selection, setSelection, toggle } = useSelection(useStore(themeList.$key));
  const change = themeList.change;

  const remove = async (t: AdminTheme) => {
    if (!(await confirm(deleteQuestion(t), { confirmLabel: "Supprimer le thème" }))) return;
    try {
      await call(api.admin.themes({ id: t._id }).delete(), "Erreur lors de la suppression du thème.");
      toast.success("Thème supprimé.");
      invalidate(THEMES_PATH, "/api/admin/stats");
    } catch (e) {
      toast.error(errorText(e, "Erreur lors de la suppression du thème."));
    }
  };

  const columns: Column<AdminTheme>[] = [
    selectColumn<AdminTheme>(selection, toggle, (t) => t._id, (t) => t.name),
    { key: "name", header: "Nom", rowHeader: true, sortable: true, cell: (t) => t.name },
    {
      key: "keywords",
      header: "Mots-clés",
      cell: (t) =>
        t.keywords.length === 0 ? (
          "-"
        ) : (
          <span className="keyword-lines">
            {keywordLines(t.keywords).map((line, i) => (
              <span key={i} className="keyword-line">
                {line.map((k) => (
                  <span key={k} className="badge">
                    {k}
                  </span>
                ))}
              </span>
            ))}
          </span>
        ),
    },
    actionsColumn<AdminTheme>({ label: (t) => ` : ${t.name}`, onEdit: (t) => setEditing({ theme: t }), onDelete: (t) => void remove(t) }),
  ];

  const total = shown?.total ?? 0;
  return (
    <section className="admin-themes">
      <ScreenHead
        title="Thèmes"
        action={
          <button type="button" className="btn" onClick={() => setEditing({ theme: null })}>
            Nouveau thème
          </button>
        }
      />
      <div className="list-tools">
        <p className="list-count" aria-live="polite">
          {shown ? themeCount(total) : ""}
        </p>
        <ListSearch label="Rechercher un thème" value={query.q} onSearch={(q) => change({ q }, { replace: query.q.trim() !== "" })} />
        <ListSelect label="Ordre" value={query.dir} options={THEME_ORDERS} onChange={(dir) => change({ dir })} />
      </div>
      <BulkBar
        selection={selection}
        setSelection={setSelection}
        pageIds={(shown?.items ?? []).map((t) => t._id)}
        total={total}
        state={query}
        actions={BULK_ACTIONS}
        countLabel={themeCount}
        noneSelected="Aucun thème sélectionné"
        run={(action, target) => call(api.admin.themes.bulk.post({ action, ...target } as never), "Erreur lors de l'action groupée.")}
        changed={() => revalidate(THEMES_PATH, "/api/admin/stats", "/api/user/themes")}
      />
      <ListTable
        list={themeList}
        state={query}
        page={shown}
        caption="Thèmes"
        count={themeCount}
        rowKey={(t) => t._id}
        loading={loading}
        error={error}
        empty={query.q.trim() ? "Aucun thème dans cette sélection." : "Aucun thème pour le moment."}
        columns={columns}
      />
      <ThemeForm open={editing !== null} theme={editing?.theme ?? null} onClose={() => setEditing(null)} />
    </section>
  );
}
