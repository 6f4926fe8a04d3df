/**
 * Bulk actions on members (issue 19 §1): join or leave a circle, for the chosen members or every member matching
 * the list's filters. Only the members whose circles change are written and journaled (one entry each), in one
 * transaction; the route asks for ONE rebuild (member pages show the circles).
 */
import { and, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { GROUP_LABELS } from "../../../shared/groups";
import { bulkJournal, bulkSummary, bulkTargets, type BulkResult } from "../../lib/bulk";
import { BadRequestError } from "../../lib/errors";
import { listWhere } from "../../lib/list-query";
import { recordAudits } from "../audit/service";
import { USER_LIST, userWhere } from "./listing";
import { USER_NOUNS, type BulkUsersBody } from "./model";

type Actor = { id: string; nickname: string };

export async function bulkUsers(db: Db, body: BulkUsersBody, actor: Actor): Promise<BulkResult> {
  const group = body.group;
  if (!group) throw new BadRequestError("Choisissez un groupe.");
  const label = GROUP_LABELS[group]!;
  const filter = body.filter ?? {};
  const targets = await bulkTargets(
    db,
    { table: users, id: users.id, label: sql<string>`${users.firstname} || ' ' || ${users.name}` },
    body,
    () => listWhere(USER_LIST, filter, userWhere(filter)),
    USER_NOUNS,
  );
  const joining = body.action === "group-add";
  const member = sql`exists (select 1 from json_each(${users.groups}) where value = ${group})`;
  // Those already in (joining) or already out (leaving) are left alone: nothing to write, nothing to journal.
  const changing = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, targets.map((r) => r.id)), joining ? sql`not ${member}` : member));
  const ids = new Set(changing.map((r) => r.id));
  const rows = targets.filter((r) => ids.has(r.id));
  const now = new Date();
  if (rows.length) {
    const entries = bulkJournal(rows, actor, {
      route: "POST /api/admin/users/bulk",
      itemKind: "user",
      action: "update",
      state: joining ? `ajouté au groupe ${label}` : `retiré du groupe ${label}`,
    });
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          // Three groups exist and a member holds each at most once, so joining never passes the limit of 3.
          groups: joining
            ? sql`json_insert(${users.groups}, '$[#]', ${group})`
            : sql`(select json_group_array(value) from json_each(${users.groups}) where value <> ${group})`,
          updatedAt: now,
        })
        .where(inArray(users.id, [...ids]));
      await recordAudits(tx, entries, now);
    });
  }
  const done = joining ? ([`ajouté au groupe ${label}`, `ajoutés au groupe ${label}`] as const) : ([`retiré du groupe ${label}`, `retirés du groupe ${label}`] as const);
  if (!rows.length) return { action: body.action, count: 0, message: joining ? `Ces membres sont déjà dans le groupe ${label}.` : `Aucun de ces membres n'est dans le groupe ${label}.` };
  return { action: body.action, count: rows.length, message: bulkSummary(rows.length, USER_NOUNS, done) };
}
