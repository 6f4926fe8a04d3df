/** /admin/corbeille: every deleted article and media. */
import { trashStores } from "./stores";
import { TrashScreen } from "./TrashScreen";

const stores = trashStores("admin");

export default function AdminTrashScreen() {
  return <TrashScreen area="admin" stores={stores} />;
}
