/** /user/corbeille: the member's own deleted articles and media. */
import { trashStores } from "./stores";
import { TrashScreen } from "./TrashScreen";

const stores = trashStores("user");

export default function MemberTrashScreen() {
  return <TrashScreen area="user" stores={stores} />;
}
