/**
 * « Annuler » after a deletion (issue 32 §4): the item went to the trash, so taking the deletion back is the trash's
 * « Restaurer », through the same route and checks (the server says who may restore what).
 */
import type { TrashItem } from "../../../../api/contract";
import { api, call, errorText } from "../lib/api";
import { revalidate } from "../lib/query";
import { toast } from "../stores/toasts";

/** The toast option offering « Annuler » for an item just moved to the trash of `area`; `changed` reloads its lists. */
export function undoDelete(area: "user" | "admin", kind: TrashItem["kind"], id: string, changed: () => void): { undo: () => void; action: string } {
  const action = `trash:${id}`;
  return {
    action,
    undo: () => {
      const route = area === "admin" ? api.admin.trash({ kind })({ id }) : api.user.trash({ kind })({ id });
      call(route.restore.post(), "La restauration a échoué.").then(
        (done) => {
          toast.success(done.message, { action });
          changed();
          revalidate(`/api/${area}/trash`);
        },
        (e) => toast.error(errorText(e, "La restauration a échoué."), { action }),
      );
    },
  };
}
