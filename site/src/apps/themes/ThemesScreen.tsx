/**
 * /admin/themes (spec §2): create button; table with name, keywords as badges (a line break after every third),
 * edit and delete. The delete confirmation names the theme, says it is irreversible and how many articles and
 * events lose it (the server unlinks them).
 */
import { useState } from "react";
import type { AdminTheme } from "../../../../api/contract";
import { plural } from "../../lib/format";
import { api, call, errorText } from "../lib/api";
import { invalidate, useResource } from "../lib/query";
import { toast } from "../stores/toasts";
import { confirm } from "../ui/ConfirmDialog";
import { actionsColumn } from "../ui/actions-column";
import { DataTable } from "../ui/DataTable";
import { ScreenHead } from "../ui/ScreenHead";
import { $adminThemes, THEMES_PATH } from "./stores";
import { keywordLines } from "./theme-form";
import { ThemeForm } from "./ThemeForm";
import "./ThemesScreen.css";

function deleteQuestion(t: AdminTheme): string {
  const uses = [t.articles > 0 && plural(t.articles, "article"), t.events > 0 && plural(t.events, "événement")].filter(Boolean);
  const unlink = uses.length ? ` Il sera retiré de ${uses.join(" et ")}.` : "";
  return `Supprimer le thème « ${t.name} » ? Cette action est irréversible.${unlink}`;
}

export default function ThemesScreen() {
  const { data, loading, error } = useResource($adminThemes, "Erreur lors du chargement des thèmes");
  const [editing, setEditing] = useState<{ theme: AdminTheme | null } | null>(null);

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
      <DataTable
        caption={data ? `Thèmes (${data.length})` : "Thèmes"}
        captionHidden
        rows={data}
        rowKey={(t) => t._id}
        loading={loading}
        error={error}
        empty="Aucun thème pour le moment."
        defaultSort={{ key: "name", dir: "asc" }}
        columns={[
          { key: "name", header: "Nom", rowHeader: true, cell: (t) => t.name, sortValue: (t) => t.name },
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
        ]}
      />
      <ThemeForm open={editing !== null} theme={editing?.theme ?? null} onClose={() => setEditing(null)} />
    </section>
  );
}
