/**
 * The bulk actions of /admin/users' member table (issue 19 §1) on the shared bar (ui/BulkBar.tsx): join or leave a
 * circle (POST /api/admin/users/bulk). Deleting and changing roles stay one member at a time (docs/DECISIONS.md).
 */
import { useState } from "react";
import { api, call } from "../lib/api";
import { GROUP_LABELS } from "../lib/labels";
import { revalidate } from "../lib/query";
import { BulkBar, type BulkAction, type Selection } from "../ui/BulkBar";
import { ListSelect } from "../ui/ListSelect";
import type { ListState } from "../ui/list-state";
import { memberCount } from "./list-query";
import { USERS_PATH } from "./stores";

type Action = "group-add" | "group-remove";

const ACTIONS: readonly BulkAction<Action>[] = [
  { value: "group-add", label: "Ajouter à un groupe", question: (n) => `Ajouter ${n} au groupe choisi\u00a0?` },
  { value: "group-remove", label: "Retirer d'un groupe", question: (n) => `Retirer ${n} du groupe choisi\u00a0?` },
];

type Props = { selection: Selection; setSelection: (s: Selection) => void; pageIds: string[]; total: number; state: ListState };

export function UserBulkBar({ state, ...list }: Props) {
  const [group, setGroup] = useState("");
  return (
    <BulkBar
      {...list}
      // « All matching » names the member table's rows: the list's filters, members only.
      state={{ ...state, filters: { ...state.filters, role: "user" } }}
      actions={ACTIONS}
      countLabel={memberCount}
      noneSelected="Aucun membre sélectionné"
      run={(action, target) => call(api.admin.users.bulk.post({ action, group, ...target } as never), "Erreur lors de l'action groupée.")}
      changed={() => revalidate(USERS_PATH, "/api/admin/stats")}
      extra={() => ({
        control: <ListSelect label="Groupe concerné" value={group} options={Object.entries(GROUP_LABELS)} onChange={setGroup} first="Choisir…" />,
        missing: group ? null : "Choisissez le groupe.",
      })}
    />
  );
}
