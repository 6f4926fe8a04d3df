/**
 * The member list of the back office, one page at a time (api/lib/list-query.ts): 3,000 members cost what 50 do,
 * and a phone no longer scrolls a 54,676 px page. Without `page`, the route keeps the spec's whole array.
 */
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { dayRange, ftsSearch, listPage, type ListSpec } from "../../lib/list-query";
import type { CurrentUser, USER_SORTS, UserPage, UsersQuery } from "./model";
import { listUsers, toCurrentUser } from "./service";

/** Sorts of the member list, each with its index in db/schema/users.ts: names in French order (folded key). */
export const USER_LIST: ListSpec<(typeof USER_SORTS)[number]> = {
  table: users,
  id: users.id,
  sorts: {
    name: { keys: [users.nameKey], dir: "asc" },
    recent: { keys: [users.createdAt], dir: "desc" },
    role: { keys: [users.role, users.nameKey], dir: "asc" },
  },
  defaultSort: "name",
  changeFed: true,
  search: ftsSearch(users, "users_fts"),
};

/** The WHERE of the member list's filters. */
export function userWhere(query: UsersQuery): (SQL | undefined)[] {
  return [
    query.role ? eq(users.role, query.role) : undefined,
    query.group ? sql`exists (select 1 from json_each(${users.groups}) where value = ${query.group})` : undefined,
    dayRange(users.createdAt, query.from, query.to),
  ];
}

async function readUsers(db: Db, ids: string[]): Promise<CurrentUser[]> {
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  return rows.map(toCurrentUser);
}

/** GET /api/admin/users: one page when `page` is given, else every member. */
export function adminUserList(db: Db, query: UsersQuery): Promise<CurrentUser[] | UserPage> {
  if (query.page !== undefined) return listPage(db, USER_LIST, query, userWhere(query), (ids) => readUsers(db, ids), (u) => u._id);
  return listUsers(db);
}
