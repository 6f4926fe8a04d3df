/**
 * Every list query is answered from an index: for each list, each sort in both directions, with and without its
 * filters and a search (narrow or broad), SQLite's plan (EXPLAIN QUERY PLAN, after ANALYZE on a few thousand generated rows) never
 * reads a whole table and then sorts it in a temporary b-tree; without filters, it never sorts at all. A sort
 * without its index, or a filter that defeats it, fails here before it shows in bench/admin-list.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { articles } from "../../db/schema";
import type { Database } from "../../db/client";
import { openSeeded, series } from "../testing/seeded-database";
import { BROAD_SEARCH, listPage, listStatements, type ListSpec, type SearchPlan } from "./list-query";
import { ARTICLE_LIST, articleWhere, memberArticleParts } from "../modules/articles/listing";
import { MEDIA_LIST, mediaWhere } from "../modules/media/listing";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { articleIsLive, listArticleSummaries, pageArticleSummaries, pageSummariesQuery } from "../modules/articles/service";
import { LIST_PLAN_CASES } from "../testing/list-query-cases";
import { publicThemeCounts } from "../modules/themes/service";
import { publicArticlePictures } from "./uploads/visibility";

let database: Database;
let remove: () => void;

/** A few thousand rows in every listed table, straight in SQL (the plans depend on the statistics, not the text). */
async function seed(run: (statement: string) => Promise<unknown>) {
  await run(`${series(600)}insert into users(id, firstname, name, nickname, email, role, created_at, updated_at)
    select 'u' || i, 'Prénom' || i, 'Nom' || (i % 97), 'membre' || i, 'm' || i || '@x.org', case when i % 50 = 0 then 'admin' else 'user' end, i * 1000, 0 from s`);
  await run(`${series(40)}insert into themes(id, name, url, created_at) select 't' || i, 'Thème ' || i, 'theme-' || i, i from s`);
  await run(`${series(4000)}insert into articles(id, title, url, txt_content, approved, online, created_at, updated_at)
    select 'a' || i, 'Économie n°' || (i % 500), 'a-' || i, 'Texte ' || i, i % 7 <> 0, i % 11 <> 0, 1700000000000 + i * 60000, 0 from s`);
  await run(`insert into article_authors(article_id, user_id, position) select id, 'u' || (1 + abs(random()) % 600), 0 from articles`);
  await run(`insert into article_themes(article_id, theme_id) select id, 't' || (1 + abs(random()) % 40) from articles`);
  await run(`${series(2000)}insert into media(id, title, url, type, uploaded_by, approved, online, created_at, updated_at)
    select 'm' || i, 'Média ' || i, 'm-' || i, case i % 3 when 0 then 'audio' when 1 then 'pdf' else 'image' end, 'u' || (1 + i % 600), i % 5 <> 0, 1, i * 1000, 0 from s`);
  await run(`${series(500)}insert into events(id, title, url, start_date, end_date, online, created_at, updated_at)
    select 'e' || i, 'Débat ' || i, 'e-' || i, i * 86400000, i * 86400000, i % 4 <> 0, i, 0 from s`);
  await run(`${series(800)}insert into contact_messages(id, name, email, subject, message, created_at, read_at)
    select 'c' || i, 'Nom ' || i, 'c' || i || '@x.org', 'Sujet ' || i, 'Bonjour', i * 1000, case when i % 3 = 0 then null else i end from s`);
  await run(`${series(3000)}insert into audit_log(id, user_id, actor, action, route, item_kind, item_id, summary, created_at)
    select 'l' || i, 'u' || (1 + i % 12), 'membre' || (i % 12), case i % 3 when 0 then 'update' when 1 then 'approve' else 'delete' end, 'PUT /x', 'article', 'a' || i, 'Résumé ' || i, i * 1000 from s`);
  await run(`${series(3000)}insert into mail_outbox(id, kind, from_header, to_address, subject, html, text, message_id, state, next_attempt_at, search_key, created_at, updated_at)
    select 'o' || i, 'newsletter', 'x@x.org', 'l' || i || '@x.org', 'Lettre ' || i, '<p>x</p>', 'x', '<' || i || '@x.org>',
      case i % 10 when 0 then 'failed' when 1 then 'pending' else 'sent' end, i * 1000, 'l' || i || '@x.org lettre ' || i, i * 1000, 0 from s`);
  await run("ANALYZE");
}

beforeAll(async () => ({ database, remove } = await openSeeded("list-plans-", seed)));
afterAll(() => remove());

async function plan(spec: ListSpec<string>, sort: string, dir: "asc" | "desc", where: (SQL | undefined)[], q?: string, broad: SearchPlan = false): Promise<string[]> {
  const { ids } = listStatements(database.db, spec, { sort, dir, q, pageSize: 50, page: 3 }, where, broad);
  const query = ids.toSQL();
  const rows = await database.client.execute({ sql: `EXPLAIN QUERY PLAN ${query.sql}`, args: query.params as never[] });
  return rows.rows.map((r) => String(r.detail));
}

/** "SCAN articles" alone is a full read of the table; "SCAN articles USING INDEX …" walks an index. */
const fullScan = (lines: string[], table: string) => lines.some((l) => l === `SCAN ${table}`);
const sorts = (lines: string[]) => lines.some((l) => l.startsWith("USE TEMP B-TREE FOR") && l.includes("ORDER BY"));

async function countPlan(spec: ListSpec<string>, where: (SQL | undefined)[]): Promise<string[]> {
  const { countQuery } = listStatements(database.db, spec, { pageSize: 50, page: 1 }, where);
  const query = countQuery().toSQL();
  const rows = await database.client.execute({ sql: `EXPLAIN QUERY PLAN ${query.sql}`, args: query.params as never[] });
  return rows.rows.map((r) => String(r.detail));
}

describe("list query plans", () => {
  // Every page also counts its list: at 50,000 articles a count that read the whole table (partial indexes are not
  // chosen for it) took 62 ms against 1 ms from an index.
  for (const c of LIST_PLAN_CASES) {
    it(`counts ${c.name} from an index, not by reading the table`, async () => {
      // As the route counts: its WHERE, or each of its parts.
      for (const where of c.parts ?? [c.base]) {
        const lines = await countPlan(c.spec, where);
        expect(fullScan(lines, c.table), `${c.name}: ${lines.join(" | ")}`).toBe(false);
      }
    });
  }

  for (const c of LIST_PLAN_CASES) {
    it(`answers every sort of ${c.name} from an index, filtered or not`, async () => {
      for (const sort of Object.keys(c.spec.sorts)) {
        for (const dir of ["asc", "desc"] as const) {
          const bare = await plan(c.spec, sort, dir, c.base);
          expect(sorts(bare), `${c.name} sort=${sort} dir=${dir}: ${bare.join(" | ")}`).toBe(false);
          expect(fullScan(bare, c.table) && sorts(bare), `${c.name} sort=${sort} dir=${dir}`).toBe(false);
          for (const [filter, where] of Object.entries(c.filters)) {
            const lines = await plan(c.spec, sort, dir, [...c.base, ...where]);
            expect(fullScan(lines, c.table) && sorts(lines), `${c.name} sort=${sort} dir=${dir} ${filter}: ${lines.join(" | ")}`).toBe(false);
          }
          if (c.search) {
            const narrow = await plan(c.spec, sort, dir, c.base, c.search);
            expect(fullScan(narrow, c.table) && sorts(narrow), `${c.name} sort=${sort} dir=${dir} q: ${narrow.join(" | ")}`).toBe(false);
            // A broad search walks the sort's index (no sorting at all), testing rows against the matches.
            if (c.spec.search?.count) {
              const broad = await plan(c.spec, sort, dir, c.base, c.search, true);
              expect(sorts(broad), `${c.name} sort=${sort} dir=${dir} broad q: ${broad.join(" | ")}`).toBe(false);
            }
            // Probing (issue 34): the same walk, each row asked of the full-text index by its rowid (a correlated
            // subquery on the virtual table), no list of matches gathered first, nothing sorted, no table read.
            if (c.spec.search?.prepare) {
              const prepared = (await c.spec.search.prepare(database.db, c.search))!;
              expect(prepared.seeks, `${c.name}: ${c.search} can be probed`).not.toBeNull();
              const probe = await plan(c.spec, sort, dir, c.base, c.search, { mode: "probe", match: prepared.match });
              const label = `${c.name} sort=${sort} dir=${dir} probe q: ${probe.join(" | ")}`;
              expect(sorts(probe), label).toBe(false);
              expect(fullScan(probe, c.table), label).toBe(false);
              expect(probe.some((l) => l.startsWith("CORRELATED SCALAR SUBQUERY")), label).toBe(true);
              // The full-text table is only ever searched by rowid (`0:=M…`), never scanned for every match (`0:M…`).
              const fts = probe.filter((l) => / \w+_fts VIRTUAL TABLE /.test(l));
              expect(fts.length, label).toBeGreaterThan(0);
              expect(fts.every((l) => l.includes("VIRTUAL TABLE INDEX 0:=")), label).toBe(true);
            }
          }
        }
      }
    });
  }
});

describe("a member's view", () => {
  // « Not in the trash » is the list's first condition; repeated inside the view's OR, it made SQLite read every
  // walked row from the table (the plan reads the same): a member's page by status took 4–25 ms instead of 0.4–0.7
  // at 50,000 articles.
  it("does not test the trash again inside its OR, for articles and media", () => {
    const dialect = new SQLiteSyncDialect();
    for (const [name, where] of [["articles", articleWhere({}, { viewerId: "u12" })], ["media", mediaWhere({}, { viewerId: "u12" })]] as const) {
      const view = dialect.sqlToQuery(where[1]!).sql;
      expect(view, name).toMatch(/ or /);
      expect(view, name).not.toMatch(/deleted_at/);
    }
  });
});

describe("a member's media by status", () => {
  // « Par statut » puts pending and offline media first: a member walks every one of them (1,000 of 20,000 in
  // bench/admin-list.ts) before the first public media, and sees almost none of them. Each is told « not theirs »
  // from media_status_idx, which holds the uploader (migration 0034); reading each row from the table instead made
  // their search sorted by status cost twice what the other sorts do. EXPLAIN QUERY PLAN says « USING INDEX » both
  // ways (the table is only sought when a column is read), so the program itself is checked: its loop never reads a
  // column of the table, only of the index.
  async function tableColumnsRead(q?: string, mode?: SearchPlan, dir: "asc" | "desc" = "asc"): Promise<string[]> {
    const { ids } = listStatements(database.db, MEDIA_LIST, { sort: "status", dir, q, pageSize: 50, page: 1 }, mediaWhere({}, { viewerId: "u12" }), mode);
    const query = ids.toSQL();
    const [root] = (await database.client.execute("select rootpage from sqlite_schema where type = 'table' and name = 'media'")).rows;
    const program = (await database.client.execute({ sql: `EXPLAIN ${query.sql}`, args: query.params as never[] })).rows;
    const tableCursors = new Set(program.filter((op) => op.opcode === "OpenRead" && Number(op.p2) === Number(root!.rootpage)).map((op) => Number(op.p1)));
    expect(tableCursors.size, "the statement opens the media table").toBe(1);
    return program.filter((op) => op.opcode === "Column" && tableCursors.has(Number(op.p1))).map((op) => `Column ${op.p1} ${op.p2}`);
  }

  it("tells which rows the member may see from the sort's index alone, in both directions, searched or not", async () => {
    const prepared = (await MEDIA_LIST.search!.prepare!(database.db, "media"))!;
    for (const dir of ["asc", "desc"] as const) {
      expect(await tableColumnsRead(undefined, false, dir), `unsearched ${dir}`).toEqual([]);
      expect(await tableColumnsRead("media", { mode: "probe", match: prepared.match }, dir), `probe ${dir}`).toEqual([]);
      expect(await tableColumnsRead("media", { mode: "broad", match: prepared.match }, dir), `broad ${dir}`).toEqual([]);
    }
  });
});

describe("broad searches", () => {
  it("give the same page and total as the narrow plan when most rows match", async () => {
    const params = { sort: "title" as const, q: "econ", page: 7, pageSize: 25 };
    const page = await listPage(database.db, ARTICLE_LIST, params, [], async (ids) => ids, (id) => id);
    expect(page.total).toBeGreaterThan(BROAD_SEARCH);
    const narrow = listStatements(database.db, ARTICLE_LIST, params, [], false);
    expect(page.items).toEqual((await narrow.ids).map((r) => r.id));
    expect(page.total).toBe((await narrow.total())[0]!.n);
    // With a filter too (the total then comes from SQL, not from the index's count).
    const filtered = await listPage(database.db, ARTICLE_LIST, { ...params, page: 1 }, [sql`${articles.approved} = 0`], async (ids) => ids, (id) => id);
    const narrowFiltered = listStatements(database.db, ARTICLE_LIST, { ...params, page: 1 }, [sql`${articles.approved} = 0`], false);
    expect(filtered.items).toEqual((await narrowFiltered.ids).map((r) => r.id));
    expect(filtered.total).toBe((await narrowFiltered.total())[0]!.n);
  });
});

describe("capped counts", () => {
  // Every seeded title holds « Économie »: a word in all 4,000 articles, counted here up to a cap of 1,000.
  const params = { sort: "recent" as const, q: "econ", page: 2, pageSize: 25 };
  const ids = async (p: typeof params) => (await listStatements(database.db, ARTICLE_LIST, p, [], false).ids).map((r) => r.id);

  it("count a broad search up to the cap, say that more match, and still give the same page", async () => {
    const page = await listPage(database.db, ARTICLE_LIST, params, [sql`${articles.deletedAt} is null`], async (i) => i, (id) => id, undefined, 1000);
    expect(page).toMatchObject({ total: 1000, capped: true });
    expect(page.items).toEqual(await ids(params));
    // Without filters the capped full-text count is the total.
    expect(await listPage(database.db, ARTICLE_LIST, params, [], async (i) => i, (id) => id, undefined, 1000)).toMatchObject({ total: 1000, capped: true });
  });

  it("stay exact when the filters leave fewer rows than the cap, or no cap is reached", async () => {
    const pending = [sql`${articles.approved} = 0`];
    const page = await listPage(database.db, ARTICLE_LIST, { ...params, page: 1 }, pending, async (i) => i, (id) => id, undefined, 1000);
    const exact = (await listStatements(database.db, ARTICLE_LIST, { ...params, page: 1 }, pending, false).total())[0]!.n;
    expect(exact).toBeLessThan(1000);
    expect(page.total).toBe(exact);
    expect(page.capped).toBeUndefined();
    const uncapped = await listPage(database.db, ARTICLE_LIST, params, [], async (i) => i, (id) => id);
    expect(uncapped.total).toBe(4000);
    expect(uncapped.capped).toBeUndefined();
  });

  it("count a search kept out of the trash from the full-text index, less what the trash holds", async () => {
    // A database of its own: rows go to the trash and back here.
    const { database: own, remove: removeOwn } = await openSeeded("list-plans-trash-", seed);
    try {
      const page = (cap: number) => listPage(own.db, ARTICLE_LIST, params, [articleIsLive], async (i) => i, (id) => id, undefined, cap);
      // An empty trash: the index's count is the total.
      expect(await page(10_000)).toMatchObject({ total: 4000 });
      expect((await page(10_000)).capped).toBeUndefined();
      // The trash: 5 articles that match and 5 that no longer do (renamed); 3,990 live ones match.
      await own.client.execute(`update articles set deleted_at = 1 where id in ('a1', 'a2', 'a3', 'a4', 'a5')`);
      await own.client.execute(`update articles set deleted_at = 1, title = 'Autre sujet' where id in ('a6', 'a7', 'a8', 'a9', 'a10')`);
      // Enough matches to tell from the index (3,991 counted, 10 in the trash): more than 3,980 live ones.
      expect(await page(3980)).toMatchObject({ total: 3980, capped: true });
      // Not enough to tell (3,995 matches, 10 in the trash, but not all of them match): counted among the live rows.
      expect(await page(3989)).toMatchObject({ total: 3989, capped: true });
      const exact = await page(3990);
      expect(exact.total).toBe(3990);
      expect(exact.capped).toBeUndefined();
      expect((await page(10_000)).total).toBe(3990);
    } finally {
      removeOwn();
    }
  });

  it("count a member's view in parts up to the cap, told from the indexes when the public part alone passes it", async () => {
    const query = { ...params, page: 1 };
    const page = (cap: number) =>
      listPage(database.db, ARTICLE_LIST, query, articleWhere(query, { viewerId: "u12" }), async (i) => i, (id) => id, memberArticleParts("u12", query), cap);
    const exact = (await listStatements(database.db, ARTICLE_LIST, query, articleWhere(query, { viewerId: "u12" })).total())[0]!.n;
    // About 3,100 public articles match, 4,000 in all: past 3,000 whatever the others are; not past 3,200.
    expect(exact).toBeGreaterThan(3000);
    expect(exact).toBeLessThan(3200);
    expect(await page(2000)).toMatchObject({ total: 2000, capped: true });
    expect(await page(3000)).toMatchObject({ total: 3000, capped: true });
    const under = await page(3200);
    expect(under.total).toBe(exact);
    expect(under.capped).toBeUndefined();
  });

  it("count up to the cap without reading the table", async () => {
    const { countQuery } = listStatements(database.db, ARTICLE_LIST, params, [sql`${articles.deletedAt} is null`], true, undefined, 1000);
    const query = countQuery().toSQL();
    expect(query.sql).toMatch(/limit \?/);
    const rows = await database.client.execute({ sql: `EXPLAIN QUERY PLAN ${query.sql}`, args: query.params as never[] });
    const lines = rows.rows.map((r) => String(r.detail));
    expect(fullScan(lines, "articles"), lines.join(" | ")).toBe(false);
  });
});

describe("each theme's public articles counted", () => {
  // Every site build reads this count after a write: the articles' rows hold their texts, and reading 50,000 of
  // them took 450 ms where the index alone takes 45 ms.
  it("reads the public ids from an index alone, never an article's row", async () => {
    const query = publicThemeCounts(database.db).toSQL();
    const rows = await database.client.execute({ sql: `EXPLAIN QUERY PLAN ${query.sql}`, args: query.params as never[] });
    const lines = rows.rows.map((r) => String(r.detail));
    const onArticles = lines.filter((l) => /^(SEARCH|SCAN) "?articles"? /.test(l));
    expect(onArticles.length, lines.join(" | ")).toBeGreaterThan(0);
    for (const line of onArticles) expect(line, lines.join(" | ")).toContain("USING COVERING INDEX");
  });
});

describe("the public articles' pictures (the public upload files, made again after every change)", () => {
  // On the way to every write's answer: reading 50,000 article rows for their picture took 168-229 ms.
  it("are read from an index alone, never an article's row", async () => {
    const query = publicArticlePictures(database.db).toSQL();
    const rows = await database.client.execute({ sql: `EXPLAIN QUERY PLAN ${query.sql}`, args: query.params as never[] });
    const lines = rows.rows.map((r) => String(r.detail));
    expect(lines.length, lines.join(" | ")).toBe(1);
    expect(lines[0], lines.join(" | ")).toMatch(/^SEARCH "?articles"? USING COVERING INDEX/);
  });
});

describe("a page of articles", () => {
  it("reads its authors, themes and media counts in one statement, each through an index, as the per-relation reads do", async () => {
    // Linked media in every state: the admin counts every live one, a member the public ones and their own.
    await database.client.execute(`insert into article_media(article_id, media_id, position)
      select 'a' || i, 'm' || (1 + (i * 7) % 2000), 0 from (with recursive s(i) as (select 1 union all select i + 1 from s where i < 300) select i from s)`);
    await database.client.execute(`insert into article_authors(article_id, user_id, position) select 'a' || i, 'u' || (1 + (i * 13) % 600), 1 from (with recursive s(i) as (select 1 union all select i + 1 from s where i < 300) select i from s) where true on conflict do nothing`);
    await database.client.execute(`update media set deleted_at = 1 where id in ('m8', 'm15')`);
    const ids = Array.from({ length: 100 }, (_, i) => `a${i * 3 + 1}`);
    const byId = <T extends { _id: string }>(xs: T[]) => [...xs].sort((a, b) => (a._id < b._id ? -1 : 1));
    for (const viewerId of [undefined, "u7"]) {
      const each = await listArticleSummaries(database.db, viewerId ? { ids, includeHidden: true, viewerId } : { ids, includeHidden: true });
      const one = await pageArticleSummaries(database.db, ids, viewerId);
      expect(one.some((a) => a.mediaCount > 0 && a.authors.length > 1 && a.themes.length > 0)).toBe(true);
      expect(byId(one)).toEqual(byId(each));
    }
    // Each relation is searched by the page's article id: no table is read in full, nothing sorted but each
    // article's own few authors and themes.
    for (const viewerId of [undefined, "u7"]) {
      const query = pageSummariesQuery(database.db, ids, viewerId).toSQL();
      const rows = await database.client.execute({ sql: `EXPLAIN QUERY PLAN ${query.sql}`, args: query.params as never[] });
      const lines = rows.rows.map((r) => String(r.detail));
      expect(lines.filter((l) => l.startsWith("SCAN ")), lines.join(" | ")).toEqual([]);
      expect(lines.filter((l) => l.startsWith("SEARCH ")).length, lines.join(" | ")).toBeGreaterThanOrEqual(6);
    }
  });
});
