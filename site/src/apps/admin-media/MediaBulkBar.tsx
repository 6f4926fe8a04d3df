/**
 * The bulk actions of /admin/media (issue 19 §1) on the shared bar (ui/BulkBar.tsx): approve, put online or
 * offline, delete (POST /api/admin/media/bulk), after one confirmation naming the count.
 */
import { api, call } from "../lib/api";
import { mediaChanged } from "../media/api";
import { countLabel } from "../media/list-query";
import { BulkBar, type BulkAction, type Selection } from "../ui/BulkBar";
import type { ListState } from "../ui/list-state";

type Action = "approve" | "online" | "offline" | "delete";

const ACTIONS: readonly BulkAction<Action>[] = [
  { value: "approve", label: "Approuver", question: (n) => `Approuver ${n}\u00a0?` },
  { value: "online", label: "Mettre en ligne", question: (n) => `Mettre en ligne ${n}\u00a0?` },
  { value: "offline", label: "Mettre hors ligne", question: (n) => `Mettre hors ligne ${n}\u00a0?` },
  { value: "delete", label: "Supprimer", question: (n) => `Supprimer ${n}\u00a0? Ils iront à la corbeille\u00a0: eux et leurs fichiers seront effacés dans 30\u00a0jours.` },
];

type Props = { selection: Selection; setSelection: (s: Selection) => void; pageIds: string[]; total: number; capped?: boolean; state: ListState };

export function MediaBulkBar(props: Props) {
  return (
    <BulkBar
      {...props}
      actions={ACTIONS}
      countLabel={countLabel}
      noneSelected="Aucun média sélectionné"
      run={(action, target) => call(api.admin.media.bulk.post({ action, ...target } as never), "Erreur lors de l'action groupée.")}
      changed={mediaChanged}
    />
  );
}
