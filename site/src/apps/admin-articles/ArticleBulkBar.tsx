/**
 * The bulk actions of /admin/articles (issue 19 §1) on the shared bar (ui/BulkBar.tsx): approve, put online or
 * offline, add a theme, delete (POST /api/admin/articles/bulk).
 */
import { useState } from "react";
import { articlesChanged } from "../articles/api";
import { api, call } from "../lib/api";
import { BulkBar, type BulkAction, type Selection } from "../ui/BulkBar";
import { ListSelect, choicesOf } from "../ui/ListSelect";
import type { ListState } from "../ui/list-state";
import { countLabel } from "./list-query";

type Action = "approve" | "online" | "offline" | "theme" | "delete";

const ACTIONS: readonly BulkAction<Action>[] = [
  { value: "approve", label: "Approuver", question: (n) => `Approuver ${n}\u00a0?` },
  { value: "online", label: "Mettre en ligne", question: (n) => `Mettre en ligne ${n}\u00a0?` },
  { value: "offline", label: "Mettre hors ligne", question: (n) => `Mettre hors ligne ${n}\u00a0?` },
  { value: "theme", label: "Ajouter un thème", question: (n) => `Ajouter le thème à ${n}\u00a0?` },
  { value: "delete", label: "Supprimer", question: (n) => `Supprimer ${n}\u00a0? Ils iront à la corbeille et seront supprimés définitivement dans 30\u00a0jours.` },
];

type Props = {
  selection: Selection;
  setSelection: (s: Selection) => void;
  pageIds: string[];
  total: number;
  capped?: boolean;
  state: ListState;
  themes: { _id: string; name: string }[];
};

export function ArticleBulkBar({ themes, ...list }: Props) {
  const [themeId, setThemeId] = useState("");
  return (
    <BulkBar
      {...list}
      actions={ACTIONS}
      countLabel={countLabel}
      noneSelected="Aucun article sélectionné"
      run={(action, target) =>
        call(api.admin.articles.bulk.post({ action, ...target, ...(action === "theme" ? { themeId } : {}) } as never), "Erreur lors de l'action groupée.")
      }
      changed={articlesChanged}
      extra={(action) =>
        action === "theme"
          ? {
              control: <ListSelect label="Thème à ajouter" value={themeId} options={choicesOf(themes)} onChange={setThemeId} first="Choisir…" />,
              missing: themeId ? null : "Choisissez le thème à ajouter.",
            }
          : null
      }
    />
  );
}
