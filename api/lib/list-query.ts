/**
 * The one server-side list helper (issue 19): a typed list query (page, page size, sort, direction, search and the
 * list's own filters) becomes two SQL statements, the ids of one page and the count of every match, so a list of
 * 50,000 costs what a page of 50 does. Each list declares a `ListSpec` (its table, its sorts, its search); the
 * module then reads the page's items in full by id (as Payload's find operation pages first, then hydrates).
 *
 * Every sort ends with the id, which makes the order total (pages never overlap or skip a row) and matches the
 * indexes `(key…, id)` declared for it in db/schema, so SQLite walks an index instead of sorting
 * (api/lib/list-query-plans.test.ts checks the plans).
 */
import { and, asc, count, desc, eq, getTableName, gte, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { t } from "elysia";
import type { TProperties, TSchema } from "@sinclair/typebox";
import type { Db } from "../../db/client";
import { foldText } from "../../db/fold";
import { BadRequestError } from "./errors";
import { ftsQuery, prepareSearch, searchMode, type PreparedSearch, type SearchMode } from "./list-search-plan";
import { countMemo, uncounted, type CountMemo } from "./count-memo";
import { strict } from "./strict-schema";

export { BROAD_SEARCH, ftsQuery, searchWords } from "./list-search-plan";

/** Rows per page the lists offer. */
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

export type SortDir = "asc" | "desc";

/** A sort key: a column or expression, `reverse` when it runs against the sort's direction. */
export type SortKey = AnyColumn | SQL | { key: AnyColumn | SQL; reverse: true };

/** One sort of a list: its keys (the id is appended) and the direction shown first. */
export type SortSpec = { keys: SortKey[]; dir: SortDir };

/** What a list declares once. */
export type ListSpec<S extends string> = {
  table: SQLiteTable;
  id: SQLiteColumn;
  sorts: Record<S, SortSpec>;
  defaultSort: NoInfer<S>;
  search?: ListSearch;
  /**
   * A list whose rows can be in the trash: `where` is the condition every page carries first (out of the trash),
   * `trashed` its opposite. A search filtered by `where` alone then counts from the full-text index: the trash
   * holds no match when it is empty, and too few to matter when the matches pass the cap by more than it holds.
   */
  live?: { where: SQL; trashed: SQL };
  /**
   * Every table the list's counts read is written through the change feed's triggers (articles, members, themes,
   * media, events and their link rows): its counts are kept until the feed moves (api/lib/count-memo.ts).
   */
  changeFed?: true;
};

/**
 * How a search condition is built (api/lib/list-search-plan.ts): its plan (`true` is « broad », `false`
 * « narrow ») and the FTS5 query to use instead of the one made from `q` (the prepared one, the same rows).
 */
export type SearchPlan = boolean | { mode: SearchMode; match?: string };

/** How a list searches (`ftsSearch` or `foldedSearch`). */
export type ListSearch = {
  /**
   * The condition of a search, or null when the query has nothing to look for. A broad plan walks the sort's
   * index and tests each row, rather than reading the matches and sorting them (list-search-plan.ts).
   */
  where: (q: string, plan?: SearchPlan) => SQL | null;
  /**
   * How many rows match, from the full-text index alone (cheap), counted up to `cap` + 1 at most; null when the
   * query has nothing to look for. `match`: the prepared FTS5 query, when there is one.
   */
  count?: (db: Db, q: string, cap?: number, match?: string) => Promise<number | null>;
  /** The search made ready for its plans (prefixes turned into terms; see list-search-plan.ts). */
  prepare?: (db: Db, q: string) => Promise<PreparedSearch | null>;
};

const planOf = (plan: SearchPlan | undefined): { mode: SearchMode; match?: string } =>
  typeof plan === "object" ? plan : { mode: plan ? "broad" : "narrow" };

/**
 * A search counts at most this many matches; past it the page says so (`capped`) and the lists read « plus de
 * 10 000 », as search engines do. Counting a word found in each of 50,000 articles cost more than the page itself
 * (the full-text count 3–5 ms, then again with the list's filters 30–45 ms); counting up to the cap stops early.
 */
export const COUNT_CAP = 10_000;

/** The query parts every list shares (what `listQuerySchema` validates). */
export type ListParams<S extends string = string> = {
  page?: number;
  pageSize?: number;
  sort?: S;
  dir?: SortDir;
  q?: string;
};

/**
 * A page of a list, as every list route answers it. `capped`: more than `total` rows match (a broad search
 * counted up to COUNT_CAP); absent when the total is exact.
 */
export type ListPage<T> = { items: T[]; total: number; page: number; pageSize: number; capped?: boolean };

/** "a, b ou c", for the French messages of the query schema. */
const orList = (words: readonly string[]) => (words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} ou ${words.at(-1)}`);

/** `YYYY-MM-DD` (a day, UTC), for the date range filters. */
export const DateParam = (error: string) => t.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", error });

/**
 * The query schema of a list: the shared paging, sort and search parameters plus the list's own filters. A
 * literal union, not t.UnionEnum, for the sort: Elysia gives a UnionEnum its first value as default.
 */
export function listQuerySchema<S extends string, F extends TProperties>(sorts: readonly [S, ...S[]], filters: F) {
  // Strict like every request schema: an unknown parameter is a 400, not silently ignored (docs/DECISIONS.md).
  return strict(t.Object({
    page: t.Optional(t.Numeric({ minimum: 1, maximum: 1_000_000, error: "Le numéro de page n'est pas valide." })),
    pageSize: t.Optional(t.Numeric({ minimum: 1, maximum: 100, error: "Taille de page invalide (25, 50 ou 100)." })),
    sort: t.Optional(t.Union(sorts.map((s) => t.Literal(s)) as unknown as [ReturnType<typeof t.Literal<S>>], { error: `Tri inconnu (${orList(sorts)}).` })),
    dir: t.Optional(t.Union([t.Literal("asc"), t.Literal("desc")], { error: "Sens de tri inconnu (asc ou desc)." })),
    q: t.Optional(t.String({ maxLength: 200, error: "La recherche est trop longue (max 200 caractères)." })),
    ...filters,
  }));
}

/** The answer schema of a page of `item`s (the total is for the pager and the « n articles » line). */
export const listPageSchema = <T extends TSchema>(item: T) =>
  t.Object({ items: t.Array(item), total: t.Number(), page: t.Number(), pageSize: t.Number(), capped: t.Optional(t.Boolean()) });

/** Page and page size of a query; a size other than 25, 50 or 100 is a 400 (the schema lets numbers through). */
export function pageOf(params: ListParams): { page: number; pageSize: number } {
  const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) throw new BadRequestError("Taille de page invalide (25, 50 ou 100).");
  return { page: params.page ?? 1, pageSize };
}

/** ORDER BY of a sort in a direction, the id last. */
export function orderOf(spec: SortSpec, id: AnyColumn, dir: SortDir = spec.dir): SQL[] {
  const flip = dir !== spec.dir;
  const keys = spec.keys.map((k) => (typeof k === "object" && "reverse" in k ? { key: k.key, up: spec.dir !== "asc" } : { key: k, up: spec.dir === "asc" }));
  const order = keys.map(({ key, up }) => ((up !== flip ? asc : desc) as typeof asc)(key));
  const last = keys.at(-1)!;
  order.push(((last.up !== flip ? asc : desc) as typeof asc)(id));
  return order;
}

/**
 * The WHERE of a list: its own filters and, when `q` asks for something, its search. Anything acting on "every
 * row of a list" (the bulk actions) selects with this, so it names the same rows as the pages.
 */
export function listWhere<S extends string>(spec: ListSpec<S>, params: Pick<ListParams<S>, "q">, where: (SQL | undefined)[], plan: SearchPlan = false): SQL | undefined {
  const search = params.q && spec.search ? spec.search.where(params.q, plan) : null;
  return and(...where, search ?? undefined);
}

/**
 * How a list's rows are counted when its WHERE is an OR SQLite cannot count through one index (a member sees the
 * public rows OR their own): the same rows as disjoint parts, each counted on its own index and summed. At 50,000
 * articles a member's count went from 7.9 ms (the OR) to 1.3 ms (public, then own and not public).
 */
export type CountParts = (SQL | undefined)[][];

/**
 * The two statements of a page: its ids in order, and the count of every match (summed over `parts` if given),
 * up to `cap` + 1 rows when a cap is given (each part then stops there too). A count walks every match, so it
 * never probes row by row: under a « probe » plan it gathers the matches (« broad »).
 */
export function listStatements<S extends string>(db: Db, spec: ListSpec<S>, params: ListParams<S>, where: (SQL | undefined)[], plan: SearchPlan = false, parts?: CountParts, cap?: number) {
  const { page, pageSize } = pageOf(params);
  const sort = spec.sorts[params.sort ?? spec.defaultSort];
  const condition = listWhere(spec, params, where, plan);
  const planned = planOf(plan);
  const counted: SearchPlan = planned.mode === "probe" ? { ...planned, mode: "broad" } : plan;
  const countCondition = listWhere(spec, params, where, counted);
  const ids = db
    .select({ id: spec.id })
    .from(spec.table)
    .where(condition)
    .orderBy(...orderOf(sort, spec.id, params.dir))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const countOf = (c: SQL | undefined) =>
    cap === undefined
      ? db.select({ n: count() }).from(spec.table).where(c)
      : db.select({ n: count() }).from(db.select({ one: sql`1`.as("one") }).from(spec.table).where(c).limit(cap + 1).as("capped"));
  // A statement, run only when asked (a search without filters already knows its total from the full-text index).
  const total = parts
    ? async () => {
        // One part after the other: once the parts counted pass the cap, the others need not be counted (a
        // member's public matches of a broad search pass it alone).
        let n = 0;
        for (const part of parts) {
          if (cap !== undefined && n > cap) break;
          const [c] = await countOf(listWhere(spec, params, part, counted));
          n += c?.n ?? 0;
        }
        return [{ n }];
      }
    : () => countOf(countCondition);
  // `countQuery`: the count's statement itself, built only when asked (its plan is checked by the tests).
  return { ids, total, countQuery: () => countOf(countCondition), page, pageSize };
}

/**
 * One page of a list: the ids and the total from SQL, then `read` loads those items in full (in any order: they
 * are put back in the page's order here).
 */
export async function listPage<S extends string, T>(
  db: Db,
  spec: ListSpec<S>,
  params: ListParams<S>,
  where: (SQL | undefined)[],
  read: (ids: string[]) => Promise<T[]>,
  idOf: (item: T) => string,
  parts?: CountParts,
  countCap = COUNT_CAP,
): Promise<ListPage<T>> {
  const memo = spec.changeFed ? countMemo(db) : uncounted;
  const table = getTableName(spec.table);
  // Filtered only out of the trash: the rows in the trash (an index range, often none) are what the full-text
  // count may hold beyond the list's.
  const liveOnly = params.q && spec.search?.count && spec.live && !parts && where.every((w) => w === undefined || w === spec.live!.where);
  const trashed = liveOnly ? await memo(`trashed ${table}`, async () => (await db.select({ n: count() }).from(spec.table).where(spec.live!.trashed))[0]?.n ?? 0) : 0;
  // A search is made ready (its long prefixes turned into the terms they stand for), then asks the full-text index
  // how many rows match (up to the cap): none ends it, and the number picks the plan.
  const q = params.q;
  const search = spec.search;
  const prepared = q && search?.prepare ? await memo(`prepared ${table} ${q}`, () => search.prepare!(db, q)) : null;
  if (prepared?.none) return { items: [], total: 0, ...pageOf(params) };
  const matchCap = countCap + trashed;
  const matches = q && search?.count ? await memo(`matches ${table} ${matchCap} ${prepared?.match} ${q}`, () => search.count!(db, q, matchCap, prepared?.match)) : null;
  if (matches === 0) return { items: [], total: 0, ...pageOf(params) };
  // Past the cap, the list's own filters are counted up to the cap too: a count of every match is what cost most.
  const cap = matches !== null && matches > countCap ? countCap : undefined;
  const plan = matches === null ? false : await planSearch(db, spec, params, matches, countCap + trashed, prepared, memo);
  const statements = listStatements(db, spec, params, where, plan, parts, cap);
  // Without other filters (or the trash's, when the matches tell enough), the number of matches is the total.
  const fromIndex =
    matches !== null && (where.every((w) => w === undefined) || (liveOnly && (trashed === 0 || matches - trashed > countCap)));
  // Counted in parts (a member's view), past the cap: when the matches pass it by more than the rows outside the
  // first part (the public ones; two index counts), that part alone passes it whatever those rows are.
  const partsPassCap = !fromIndex && cap !== undefined && parts ? await firstPartPassesCap(db, spec, params.q!, parts[0]!, countCap, prepared?.match, memo) : false;
  // The count's own statement names the rows counted (filters, viewer, search and cap are its SQL and parameters).
  const totalKey = () => `total ${parts ? "parts " : ""}${JSON.stringify(statements.countQuery().toSQL())}`;
  const total = fromIndex ? Promise.resolve([{ n: matches - trashed }]) : partsPassCap ? Promise.resolve([{ n: countCap + 1 }]) : memo(totalKey, statements.total);
  const [rows, [counted]] = await Promise.all([statements.ids, total]);
  const ids = rows.map((r) => r.id as string);
  const items = ids.length ? await read(ids) : [];
  const order = new Map(ids.map((id, i) => [id, i]));
  items.sort((a, b) => order.get(idOf(a))! - order.get(idOf(b))!);
  const n = counted?.n ?? 0;
  const page = { items, total: cap === undefined ? n : Math.min(n, cap), page: statements.page, pageSize: statements.pageSize };
  return cap !== undefined && n > cap ? { ...page, capped: true } : page;
}

/**
 * Whether the rows of `part` matching `q` are more than `cap`, told from indexes alone: the full-text count less
 * every row outside the part is a lower bound. At 50,000 articles a member's public matches of « gouv » took 11 ms
 * to count up to the cap in SQL; this asks two index counts and the full-text index (about 4 ms).
 */
async function firstPartPassesCap<S extends string>(db: Db, spec: ListSpec<S>, q: string, part: (SQL | undefined)[], cap: number, match: string | undefined, memo: CountMemo): Promise<boolean> {
  const inPart = db.select({ n: count() }).from(spec.table).where(and(...part));
  return memo(() => `first part ${cap} ${match} ${q} ${JSON.stringify(inPart.toSQL())}`, async () => {
    const [[all], [inside]] = await Promise.all([db.select({ n: count() }).from(spec.table), inPart]);
    const outside = (all?.n ?? 0) - (inside?.n ?? 0);
    const matches = (await spec.search!.count!(db, q, cap + outside, match)) ?? 0;
    return matches - outside > cap;
  });
}

/** The query parameters every list has; any other one given is a filter of the list's own. */
const UNFILTERED = new Set(["page", "pageSize", "sort", "dir", "q"]);

/**
 * The plan of a search's page (list-search-plan.ts): `matches` from the full-text count, past `counted` a floor.
 * The table's size (an index count, 0.03 ms at 50,000) tells how far the sort's index must be walked for a page.
 */
export async function planSearch<S extends string>(
  db: Db,
  spec: ListSpec<S>,
  params: ListParams<S>,
  matches: number,
  counted: number,
  prepared: PreparedSearch | null,
  memo: CountMemo = uncounted,
): Promise<{ mode: SearchMode; match?: string }> {
  const { page, pageSize } = pageOf(params);
  const filtered = Object.entries(params).some(([key, value]) => !UNFILTERED.has(key) && value !== undefined && value !== "");
  const seeks = prepared?.seeks ?? null;
  const rows = await memo(`rows ${getTableName(spec.table)}`, async () => (await db.select({ n: count() }).from(spec.table))[0]?.n ?? 0);
  const mode = searchMode({ matches, capped: matches > counted, rows, offset: (page - 1) * pageSize, pageSize, seeks, filtered });
  return { mode, match: prepared?.match };
}

/**
 * A search through a full-text table kept over `table` (db/migrations/0006_list_search.sql). A narrow search reads
 * the matches by rowid and sorts them; a broad one (`+rowid`: not usable as an index) makes SQLite walk the sort's
 * index and test each row against the matches, gathered once; a probe asks the full-text index about each row
 * walked (`rowid =` with the match), gathering nothing. The terms a prefix stands for are read from `<fts>_vocab`
 * (db/migrations/0030_fts_vocab.sql).
 */
export function ftsSearch(table: SQLiteTable, fts: string): ListSearch {
  const index = sql.identifier(fts);
  return {
    where: (q, plan) => {
      const { mode, match = ftsQuery(q) } = planOf(plan);
      if (!match) return null;
      if (mode === "probe") return sql`exists (select 1 from ${index} where ${index}.rowid = ${table}.rowid and ${index} match ${match})`;
      const matches = sql`(select rowid from ${index} where ${index} match ${match})`;
      return mode === "broad" ? sql`+${table}.rowid in ${matches}` : sql`${table}.rowid in ${matches}`;
    },
    prepare: (db, q) => prepareSearch(db, `${fts}_vocab`, q),
    count: async (db, q, cap, prepared) => {
      const match = prepared ?? ftsQuery(q);
      if (!match) return null;
      const matches = sql`select rowid from ${index} where ${index} match ${match}`;
      const [row] = await db.all<{ n: number }>(
        cap === undefined ? sql`select count(*) as n from (${matches})` : sql`select count(*) as n from (${matches} limit ${cap + 1})`,
      );
      return Number(row?.n ?? 0);
    },
  };
}

/**
 * A search over folded key columns (db/fold.ts) with LIKE, for the small lists (themes): every word must
 * appear in one of the columns.
 */
export function foldedSearch(...columns: (AnyColumn | SQL)[]): ListSearch {
  return {
    where: (q) => {
      const words = foldText(q).split(/\s+/).filter(Boolean).slice(0, 8);
      if (words.length === 0) return null;
      const like = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return and(...words.map((w) => sql`(${sql.join(columns.map((c) => sql`${c} like ${like(w)} escape '\\'`), sql` or `)})`)) ?? null;
    },
  };
}

/** A day range on a timestamp column: from the start of `from` to the end of `to` (UTC days). */
export function dayRange(column: AnyColumn, from?: string, to?: string): SQL | undefined {
  const day = (text: string) => {
    const date = new Date(`${text}T00:00:00Z`);
    if (Number.isNaN(date.getTime())) throw new BadRequestError("Date invalide (AAAA-MM-JJ).");
    return date;
  };
  const parts = [from ? gte(column, day(from)) : undefined, to ? lt(column, new Date(day(to).getTime() + 86_400_000)) : undefined];
  return and(...parts);
}

/** Content an admin approves and puts online (articles, media): its two flags and its creation date. */
type Moderated = { approved: AnyColumn; online: AnyColumn; createdAt: AnyColumn };

/** The back office's status filter (`StatusFilter`, api/modules/media/model.ts) on moderated content. */
export function moderationWhere(table: Moderated, status?: "pending" | "approved" | "online" | "offline"): SQL | undefined {
  if (!status) return undefined;
  return status === "pending" || status === "approved" ? eq(table.approved, status === "approved") : eq(table.online, status === "online");
}

/** The status sort of moderated content: pending first (what needs an admin), then approved but offline, then published, newest first within each. */
export const moderationSort = (table: Moderated): SortSpec => ({ keys: [table.approved, table.online, { key: table.createdAt, reverse: true }], dir: "asc" });

/** A yes/no query parameter (`mine=1` or `mine=true`). */
export const isOn = (flag: string | undefined): boolean => flag === "1" || flag === "true";
