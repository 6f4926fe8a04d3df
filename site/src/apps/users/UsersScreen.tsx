/**
 * /admin/users (spec §2): « Créer un membre »; two tables, « Membres » (role user) and « Administrateurs »
 * (role admin), each with its count in the heading; columns: the member (small picture or the default avatar,
 * first name and name), groups (comma joined or « - »), edit and delete. Members also show their bytes waiting for
 * approval against the pending quota (issue 18: an admin sees who fills the disk).
 * Issue 19 §1: the server searches (names, alias, e-mail, accents ignored), filters (role, circle), sorts and pages
 * the members (25 / 50 / 100), the state in the address like /admin/articles; administrators are a handful and
 * follow the same search and filters on one page.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { CurrentUser } from "../../../../api/contract";
import { fullName } from "../../lib/format";
import { GROUP_LABELS, groupsText } from "../lib/labels";
import { useResource } from "../lib/query";
import { useViewer } from "../stores/viewer";
import { Avatar } from "../ui/Avatar";
import { actionsColumn } from "../ui/actions-column";
import { DataTable, type Column } from "../ui/DataTable";
import { ListSearch } from "../ui/ListSearch";
import { ListSelect } from "../ui/ListSelect";
import { ListTable } from "../ui/ListTable";
import { useShown } from "../ui/use-shown";
import { ScreenHead } from "../ui/ScreenHead";
import { selectColumn, useSelection } from "../ui/BulkBar";
import { DeleteUserDialog } from "./DeleteUserDialog";
import { memberCount, USER_ROLES, USER_SORTS, type UserSort } from "./list-query";
import { pendingByMember, pendingText, quotaSummary } from "./pending-bytes";
import { $adminPage, $adminUsers, $memberPage, $uploadQuota, userList } from "./stores";
import { UserBulkBar } from "./UserBulkBar";
import { UserForm } from "./UserForm";
import "../admin-articles/AdminArticlesScreen.css";
import "./UserForm.css";

/** The deletion dialog, which offers every other account to receive the content: that whole list loads only then. */
function DeleteUser({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const { data } = useResource($adminUsers, "Erreur lors du chargement des utilisateurs");
  return <DeleteUserDialog user={user} others={data ?? []} onClose={onClose} />;
}

export default function UsersScreen() {
  const viewer = useViewer();
  const query = useStore(userList.$state);
  const change = userList.change;
  const members = useResource($memberPage, "Erreur lors du chargement des utilisateurs");
  const admins = useResource($adminPage, "Erreur lors du chargement des utilisateurs");
  const shownMembers = useShown(members.data);
  const shownAdmins = useShown(admins.data);
  const [editing, setEditing] = useState<{ user: CurrentUser | null } | null>(null);
  const [deleting, setDeleting] = useState<CurrentUser | null>(null);
  // Failing to load the figures leaves the column at « — »: it is information, not the screen's purpose.
  const { data: quota } = useResource($uploadQuota, "Erreur lors du chargement des envois en attente");
  const pending = pendingByMember(quota);
  const { selection, setSelection, toggle } = useSelection(useStore(userList.$key));

  const columns: Column<CurrentUser>[] = [
    {
      key: "name",
      header: "Membre",
      rowHeader: true,
      sortable: true,
      cell: (u) => (
        <span className="user-row-name">
          <Avatar file={u.profilePic} name={fullName(u)} size={40} decorative />
          <span>
            {fullName(u)}
            <small>{u.nickname}</small>
          </span>
        </span>
      ),
    },
    { key: "groups", header: "Groupes", cell: (u) => groupsText(u.groups) },
    // The server refuses the deletion of one's own account: it is not offered (issue 19 §3.14).
    actionsColumn<CurrentUser>({ label: (u) => ` : ${fullName(u)}`, onEdit: (u) => setEditing({ user: u }), onDelete: (u) => setDeleting(u), canDelete: (u) => u._id !== viewer._id }),
  ];
  // Admins are exempt from the quota: the column is for members only.
  const pendingColumn: Column<CurrentUser> = {
    key: "pending",
    header: "En attente",
    className: "num",
    cell: (u) => pendingText(pending.get(u._id) ?? 0, quota?.quotaBytes),
  };
  // Bulk actions (circles) apply to members; administrators are a handful, changed one by one.
  const memberColumns = [selectColumn<CurrentUser>(selection, toggle, (u) => u._id, fullName), ...columns.slice(0, -1), pendingColumn, ...columns.slice(-1)];
  const filtered = Boolean(query.q.trim() || query.filters.group);
  const sort = { key: query.sort, dir: query.dir };
  const onSortChange = (s: { key: string; dir: "asc" | "desc" }) => change({ sort: s.key as UserSort, dir: s.dir });

  const memberTotal = shownMembers?.total ?? 0;
  const adminTotal = shownAdmins?.total ?? 0;

  return (
    <section className="admin-users">
      <ScreenHead
        title="Gestion des membres"
        action={
          <button type="button" className="btn" onClick={() => setEditing({ user: null })}>
            Créer un membre
          </button>
        }
      />
      {quota && <p className="admin-users-quota">{quotaSummary(quota)}</p>}
      <div className="list-tools">
        <ListSearch label="Rechercher un membre" value={query.q} onSearch={(q) => change({ q }, { replace: query.q.trim() !== "" })} />
        <ListSelect label="Afficher" value={query.filters.role ?? ""} options={USER_ROLES} onChange={(role) => change({ filters: { role: role || undefined } })} />
        <ListSelect
          label="Cercle"
          value={query.filters.group ?? ""}
          options={Object.entries(GROUP_LABELS)}
          onChange={(group) => change({ filters: { group: group || undefined } })}
          first="Tous les cercles"
        />
        <ListSelect label="Trier" value={query.sort} options={USER_SORTS} onChange={(sort) => change({ sort })} />
      </div>
      {query.filters.role !== "admin" && (
        <section aria-labelledby="users-members">
          <h2 id="users-members">
            Membres ({shownMembers ? memberTotal : "…"})
          </h2>
          <p className="list-count" aria-live="polite">
            {shownMembers ? memberCount(memberTotal) : ""}
          </p>
          <UserBulkBar
            selection={selection}
            setSelection={setSelection}
            pageIds={(shownMembers?.items ?? []).map((u) => u._id)}
            total={memberTotal}
            state={query}
          />
          <ListTable
            list={userList}
            state={query}
            page={shownMembers}
            caption={`Membres (${memberTotal})`}
            columns={memberColumns}
            rowKey={(u) => u._id}
            loading={members.loading}
            error={members.error}
            empty={filtered ? "Aucun membre dans cette sélection." : "Aucun membre."}
          />
        </section>
      )}
      {query.filters.role !== "user" && (
        <section aria-labelledby="users-admins">
          <h2 id="users-admins">
            Administrateurs ({shownAdmins ? adminTotal : "…"})
          </h2>
          <DataTable
            caption={`Administrateurs (${adminTotal})`}
            captionHidden
            columns={columns}
            rows={shownAdmins?.items}
            rowKey={(u) => u._id}
            loading={admins.loading}
            error={admins.error}
            empty={filtered ? "Aucun administrateur dans cette sélection." : "Aucun administrateur."}
            sort={sort}
            onSortChange={onSortChange}
          />
        </section>
      )}
      <UserForm open={editing !== null} user={editing?.user ?? null} onClose={() => setEditing(null)} />
      {deleting && <DeleteUser user={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}
