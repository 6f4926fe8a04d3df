/**
 * /admin/users (spec §2): « Créer un membre »; two tables, « Membres » (role user) and « Administrateurs »
 * (role admin), each with its count in the heading; columns: the member (small picture or the default avatar,
 * first name and name), groups (comma joined or « - »), edit and delete. Members also show their bytes waiting for
 * approval against the pending quota (issue 18: an admin sees who fills the disk).
 */
import { useState } from "react";
import type { CurrentUser } from "../../../../api/contract";
import { fullName } from "../../lib/format";
import { groupsText } from "../lib/labels";
import { useResource } from "../lib/query";
import { useViewer } from "../stores/viewer";
import { Avatar } from "../ui/Avatar";
import { actionsColumn } from "../ui/actions-column";
import { DataTable, type Column } from "../ui/DataTable";
import { ScreenHead } from "../ui/ScreenHead";
import { DeleteUserDialog } from "./DeleteUserDialog";
import { pendingByMember, pendingText, quotaSummary } from "./pending-bytes";
import { $adminUsers, $uploadQuota } from "./stores";
import { UserForm } from "./UserForm";
import "./UserForm.css";

export default function UsersScreen() {
  const viewer = useViewer();
  const { data, loading, error } = useResource($adminUsers, "Erreur lors du chargement des utilisateurs");
  const [editing, setEditing] = useState<{ user: CurrentUser | null } | null>(null);
  const [deleting, setDeleting] = useState<CurrentUser | null>(null);
  const all = data ?? [];
  const members = all.filter((u) => u.role === "user");
  const admins = all.filter((u) => u.role === "admin");
  // Failing to load the figures leaves the column at « — »: it is information, not the screen's purpose.
  const { data: quota } = useResource($uploadQuota, "Erreur lors du chargement des envois en attente");
  const pending = pendingByMember(quota);

  const columns: Column<CurrentUser>[] = [
    {
      key: "member",
      header: "Membre",
      rowHeader: true,
      sortValue: (u) => `${u.name} ${u.firstname}`,
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
    { key: "groups", header: "Groupes", cell: (u) => groupsText(u.groups), sortValue: (u) => groupsText(u.groups) },
    // The server refuses the deletion of one's own account: it is not offered (issue 19 §3.14).
    actionsColumn<CurrentUser>({ label: (u) => ` : ${fullName(u)}`, onEdit: (u) => setEditing({ user: u }), onDelete: (u) => setDeleting(u), canDelete: (u) => u._id !== viewer._id }),
  ];
  // Admins are exempt from the quota: the column is for members only.
  const pendingColumn: Column<CurrentUser> = {
    key: "pending",
    header: "En attente",
    className: "num",
    sortValue: (u) => pending.get(u._id) ?? 0,
    cell: (u) => pendingText(pending.get(u._id) ?? 0, quota?.quotaBytes),
  };
  const memberColumns = [...columns.slice(0, -1), pendingColumn, ...columns.slice(-1)];

  const table = (title: string, rows: CurrentUser[], id: string, empty: string, cols = columns) => (
    <section aria-labelledby={id}>
      <h2 id={id}>
        {title} ({loading ? "…" : rows.length})
      </h2>
      <DataTable
        caption={`${title} (${rows.length})`}
        captionHidden
        columns={cols}
        rows={data ? rows : undefined}
        rowKey={(u) => u._id}
        loading={loading}
        error={error}
        empty={empty}
        defaultSort={{ key: "member", dir: "asc" }}
      />
    </section>
  );

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
      {table("Membres", members, "users-members", "Aucun membre.", memberColumns)}
      {table("Administrateurs", admins, "users-admins", "Aucun administrateur.")}
      <UserForm open={editing !== null} user={editing?.user ?? null} onClose={() => setEditing(null)} />
      <DeleteUserDialog user={deleting} others={all} onClose={() => setDeleting(null)} />
    </section>
  );
}
