/**
 * Data of /admin/audit: the list's state (in the address), one server page of the journal keyed by it, and the
 * administrators offered by the « Auteur » filter (only admins write to the journal: one page of the member list
 * filtered by role, which the server already has; no route of its own).
 */
import type { AuditQuery } from "../../../../api/modules/audit/model";
import { api, call } from "../lib/api";
import { resource } from "../lib/query";
import { apiQuery } from "../ui/list-state";
import { createListStore } from "../ui/list-store";
import { AUDIT_LIST } from "./audit-list";

export const auditList = createListStore(AUDIT_LIST);

export const $audit = resource(["/api/admin/audit?", auditList.$key], () =>
  call(api.admin.audit.get({ query: apiQuery(auditList.$state.get()) as AuditQuery }), "Erreur lors du chargement du journal"),
);

/** The administrators, by name (the key starts with the users' path: a change to the members reloads it). */
export const $auditActors = resource("/api/admin/users?journal-actors", () =>
  call(api.admin.users.get({ query: { page: 1, pageSize: 100, role: "admin", sort: "name" } }), "Erreur lors du chargement des administrateurs").then((a) =>
    Array.isArray(a) ? a : a.items,
  ),
);
