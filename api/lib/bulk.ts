/**
 * The one server helper of bulk actions (issue 19 §1), as api/lib/list-query.ts is for lists: the body schema
 * (an action on chosen `ids` or on every row matching the list's `filter`), the rows it names (selected by the
 * list's own WHERE, so « all N matching » are the rows the list counted, capped), and one journal entry per row.
 * Each list keeps its actions and its writes; its route declares `{ audit: "self" }` and one rebuild per batch.
 */
import { and, inArray, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { t, type Static } from "elysia";
import type { TProperties } from "@sinclair/typebox";
import type { Db } from "../../db/client";
import type { NewAuditEntry } from "../modules/audit/service";
import { BadRequestError } from "./errors";
import { plural, pluralWord } from "./plural";
import { strict } from "./strict-schema";

/** Most rows one bulk call may change: a larger batch is refused (split it by filter). */
export const BULK_MAX = 5000;

/** French nouns of a list's rows, for the refusals: « Aucun article sélectionné. ». */
export type BulkNouns = { one: string; many: string; feminine?: boolean; noMatch: string };

/**
 * The body of a bulk route: `action` (one of `actions`), then `ids` or `filter` (the list's filters and search,
 * strict like its query), and the action's own fields (`extra`).
 */
export function bulkBodySchema<A extends string, F extends TProperties, X extends TProperties>(actions: readonly [A, ...A[]], filter: F, extra: X, nouns: BulkNouns) {
  const names = actions.length < 2 ? actions.join("") : `${actions.slice(0, -1).join(", ")} ou ${actions.at(-1)}`;
  return strict(
    t.Object({
      // A literal union, not t.UnionEnum: the check lives in the schema, with its French message.
      action: t.Union(actions.map((a) => t.Literal(a)) as unknown as [ReturnType<typeof t.Literal<A>>], { error: `Action inconnue (${names}).` }),
      ids: t.Optional(t.Array(t.String({ maxLength: 64 }), { maxItems: BULK_MAX, error: `Au plus ${BULK_MAX.toLocaleString("fr-FR")} ${nouns.many} par opération.` })),
      filter: t.Optional(strict(t.Object({ ...filter, q: t.Optional(t.String({ maxLength: 200, error: "La recherche est trop longue (max 200 caractères)." })) }))),
      ...extra,
    }),
  );
}

/**
 * The French summary of a bulk call: « 3 articles approuvés. », « 1 message marqué comme lu. ». `done` is what
 * happened, singular and plural (« approuvé », « approuvés »); an invariable phrase needs only one form.
 */
export function bulkSummary(n: number, nouns: BulkNouns, done: string | readonly [one: string, many: string]): string {
  const [one, many] = typeof done === "string" ? [done, done] : done;
  return `${plural(n, nouns.one, nouns.many)} ${pluralWord(n, one, many)}.`;
}

/** The answer of every bulk route: the French summary the toast shows. */
export const BulkResult = t.Object({ action: t.String(), count: t.Number(), message: t.String() });
export type BulkResult = Static<typeof BulkResult>;

/** `live`: the rows a bulk action may name at all (articles and media: out of the trash). */
type Target = { table: SQLiteTable; id: SQLiteColumn; label: SQLiteColumn | SQL; live?: SQL };

/**
 * The rows a bulk call names, with their label for the journal: its ids (unknown ones ignored) or every row
 * matching `filterWhere` (the list's WHERE). Refuses, in French, a call naming both or neither, none, or more than
 * BULK_MAX rows (one more is read to know, never the whole table).
 */
export async function bulkTargets(
  db: Db,
  target: Target,
  body: { ids?: string[]; filter?: object },
  filterWhere: () => SQL | undefined,
  nouns: BulkNouns,
): Promise<{ id: string; label: string }[]> {
  if (!body.ids === !body.filter) throw new BadRequestError(`Choisissez les ${nouns.many}\u00a0: une liste d'identifiants ou un filtre.`);
  const none = `Aucun${nouns.feminine ? "e" : ""} ${nouns.one}`;
  if (body.ids?.length === 0) throw new BadRequestError(`${none} ${nouns.feminine ? "sélectionnée" : "sélectionné"}.`);
  const where = and(body.ids ? inArray(target.id, body.ids) : filterWhere(), target.live);
  const rows = await db.select({ id: target.id, label: target.label }).from(target.table).where(where).limit(BULK_MAX + 1);
  if (rows.length > BULK_MAX) throw new BadRequestError(`Au plus ${BULK_MAX.toLocaleString("fr-FR")} ${nouns.many} par opération\u00a0: affinez la sélection.`);
  if (rows.length === 0) throw new BadRequestError(nouns.noMatch);
  return rows.map((r) => ({ id: r.id as string, label: String(r.label ?? "") }));
}

/** One journal entry per row of a bulk call: `state` says what happened (« approuvé »), after the row's label. */
export function bulkJournal(
  rows: { id: string; label: string }[],
  actor: { id: string; nickname: string },
  entry: { route: string; itemKind: string; action: string; state: string | null },
): NewAuditEntry[] {
  return rows.map((row) => ({
    userId: actor.id,
    actor: actor.nickname,
    action: entry.action,
    route: entry.route,
    itemKind: entry.itemKind,
    itemId: row.id,
    title: row.label,
    summary: [row.label, entry.state].filter(Boolean).join(" — "),
  }));
}
