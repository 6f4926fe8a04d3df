/**
 * The three plans of a search (list-search-plan.ts) give the same rows in the same order and the same totals, for
 * every list searched through a full-text table, every sort in both directions, on first and later pages; and the
 * page picks the plan its figures call for. A real libSQL file, words of every breadth: « econ » in every row,
 * « gouv » standing for three terms in three rows of four, a word in one row of ten, a two-letter prefix, accents.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openSeeded, series } from "../testing/seeded-database";
import { listPage, listStatements, planSearch, type ListSpec, type SearchPlan } from "./list-query";
import { foldedPrefix, ftsQuery, PROBE_MAX, searchMode } from "./list-search-plan";
import { LIST_PLAN_CASES } from "../testing/list-query-cases";
import { ARTICLE_LIST } from "../modules/articles/listing";

let database: Database;
let remove: () => void;

/** What every searched table holds in one of its text columns, by row number. */
const WORDS = `'Économie ' || case i % 4 when 0 then 'gouvernance' when 1 then 'gouvernement' when 2 then 'Gouverner' else 'océan' end
  || case when i % 10 = 0 then ' rarissime' else ' commun' end || ' n°' || i`;

async function seed(run: (statement: string) => Promise<unknown>) {
  await run(`${series(1200)}insert into users(id, firstname, name, nickname, email, role, created_at, updated_at)
    select 'u' || i, 'Prénom' || (i % 7), ${WORDS}, 'membre' || i, 'm' || i || '@x.org', case when i % 50 = 0 then 'admin' else 'user' end, (i * 7919) % 1200 * 1000, 0 from s`);
  await run(`${series(3000)}insert into articles(id, title, url, txt_content, approved, online, created_at, updated_at)
    select 'a' || i, ${WORDS}, 'a-' || i, 'Texte ' || i, i % 7 <> 0, i % 11 <> 0, 1700000000000 + ((i * 7919) % 3000) * 60000, 0 from s`);
  await run(`insert into article_authors(article_id, user_id, position) select id, 'u' || (1 + abs(random()) % 1200), 0 from articles`);
  // A member with many articles, so that their own are part of what they see.
  await run(`update article_authors set user_id = 'u12' where article_id in (select id from articles where rowid % 9 = 0)`);
  await run(`${series(2000)}insert into media(id, title, url, type, uploaded_by, approved, online, created_at, updated_at)
    select 'm' || i, ${WORDS}, 'm-' || i, case i % 3 when 0 then 'audio' when 1 then 'pdf' else 'image' end, 'u' || (1 + i % 40), i % 5 <> 0, i % 6 <> 0, ((i * 7919) % 2000) * 1000, 0 from s`);
  await run(`${series(1500)}insert into events(id, title, url, start_date, end_date, online, created_at, updated_at)
    select 'e' || i, ${WORDS}, 'e-' || i, ((i * 7919) % 1500) * 86400000, i * 86400000, i % 4 <> 0, i, 0 from s`);
  await run(`${series(1500)}insert into contact_messages(id, name, email, subject, message, created_at, read_at)
    select 'c' || i, 'Nom ' || i, 'c' || i || '@x.org', ${WORDS}, 'Bonjour', ((i * 7919) % 1500) * 1000, case when i % 3 = 0 then null else i end from s`);
  await run(`${series(2500)}insert into audit_log(id, user_id, actor, action, route, item_kind, item_id, summary, created_at)
    select 'l' || i, 'u' || (1 + i % 12), 'membre' || (i % 12), 'update', 'PUT /x', 'article', 'a' || i, ${WORDS}, ((i * 7919) % 2500) * 1000 from s`);
  await run("ANALYZE");
}

beforeAll(async () => ({ database, remove } = await openSeeded("list-search-plan-", seed)));
afterAll(() => remove());

/** Every list searched through a full-text table, as its routes query it. */
const FTS_CASES = LIST_PLAN_CASES.filter((c) => c.spec.search?.count && c.spec.search.prepare);

/** What people type: a word in every row, a long prefix of three terms, a whole word, a two-letter prefix, a rare word, two words, accents and capitals. */
const SEARCHES = ["econ", "gouv", "gouvernance", "oc", "rarissime", "Gouv commun", "ÉCONOMIE gouvernem", "eco 12"];

const idsOf = async (spec: ListSpec<string>, params: Record<string, unknown>, where: Parameters<typeof listStatements>[3], plan: SearchPlan) =>
  (await listStatements(database.db, spec, params as never, where, plan).ids).map((r) => r.id as string);

describe("the plans of a search", () => {
  it("cover the lists searched through a full-text table", () => {
    expect(FTS_CASES.map((c) => c.table).sort()).toEqual(["articles", "articles", "audit_log", "contact_messages", "events", "media", "media", "users"]);
  });

  for (const c of FTS_CASES) {
    it(`give the same pages of ${c.name} whichever is run, on every sort`, async () => {
      const search = c.spec.search!;
      for (const q of SEARCHES) {
        const prepared = (await search.prepare!(database.db, q))!;
        expect(prepared.none).toBe(false);
        // The prepared query (prefixes turned into terms) matches the same rows as what was typed.
        expect(await search.count!(database.db, q, 100_000, prepared.match), q).toBe(await search.count!(database.db, q, 100_000));
        for (const sort of Object.keys(c.spec.sorts)) {
          for (const dir of ["asc", "desc"] as const) {
            for (const [page, pageSize] of [[1, 25], [3, 25], [2, 100]] as const) {
              const params = { sort, dir, q, page, pageSize };
              const narrow = await idsOf(c.spec, params, c.base, false);
              const label = `${c.name} q=${q} sort=${sort} dir=${dir} page=${page}/${pageSize}`;
              // A word in every row fills every page (the others may run out of rows for some views).
              if (q === "econ") expect(narrow.length, label).toBe(pageSize);
              expect(await idsOf(c.spec, params, c.base, true), `${label} broad`).toEqual(narrow);
              expect(await idsOf(c.spec, params, c.base, { mode: "broad", match: prepared.match }), `${label} broad, prepared`).toEqual(narrow);
              if (prepared.seeks !== null) expect(await idsOf(c.spec, params, c.base, { mode: "probe", match: prepared.match }), `${label} probe`).toEqual(narrow);
            }
          }
        }
      }
    });

    it(`give the same page and total of ${c.name} as the narrow plan, whichever the page picks`, async () => {
      for (const q of SEARCHES) {
        for (const [page, pageSize] of [[1, 50], [4, 25]] as const) {
          const params = { q, page, pageSize };
          // Past a cap of 1,000 a broad search probes its first pages; under 10,000 it gathers its matches.
          for (const cap of [10_000, 1000]) {
            const answer = await listPage(database.db, c.spec, params as never, c.base, async (ids) => ids, (id) => id, c.parts, cap);
            const narrow = listStatements(database.db, c.spec, params as never, c.base, false);
            const exact = (await narrow.total())[0]!.n;
            const label = `${c.name} q=${q} page=${page} cap=${cap}`;
            expect(answer.items, label).toEqual((await narrow.ids).map((r) => r.id));
            expect(answer.total, label).toBe(Math.min(exact, cap));
            expect(answer.capped, label).toBe(exact > cap ? true : undefined);
          }
        }
      }
    });
  }

  it("find nothing, at once, for a prefix no term starts with, and keep the other spellings of a word", async () => {
    const search = ARTICLE_LIST.search!;
    expect(await search.prepare!(database.db, "gouv zzzzz")).toMatchObject({ none: true });
    expect(await listPage(database.db, ARTICLE_LIST, { q: "gouv zzzzz" }, [], async (ids) => ids, (id) => id)).toMatchObject({ items: [], total: 0 });
    // « oeuvre » is also looked for as « œuvre », left to FTS5 as a prefix (its folding is not ours to guess); no
    // term starts with « oeuvre », so that spelling goes.
    expect(await search.prepare!(database.db, "oeuvre")).toEqual({ match: '"œuvre"*', seeks: null, none: false });
  });

  it("turn a long prefix into its terms, leave the index's own prefixes and whole words as they are", async () => {
    const search = ARTICLE_LIST.search!;
    expect(await search.prepare!(database.db, "Gouv")).toEqual({ match: '("gouvernance" OR "gouvernement" OR "gouverner")', seeks: 3, none: false });
    expect(await search.prepare!(database.db, "éco n")).toEqual({ match: '"éco"* AND "n"', seeks: 2, none: false });
    expect(await search.prepare!(database.db, "rarissime")).toEqual({ match: '"rarissime"', seeks: 1, none: false });
    expect(ftsQuery("rarissime")).toBe('"rarissime"*');
  });
});

describe("the choice of a plan", () => {
  it("is made by a page from the full-text count, the table's size and the page asked for", async () => {
    const plan = async (q: string, matches: number, counted: number, params: Record<string, unknown> = {}) =>
      planSearch(database.db, ARTICLE_LIST, { q, page: 1, pageSize: 50, ...params } as never, matches, counted, await ARTICLE_LIST.search!.prepare!(database.db, q));
    // « econ » in all 3,000 articles, counted past a cap of 1,000: a page walks about 150 rows at worst.
    expect(await plan("econ", 1001, 1000)).toEqual({ mode: "probe", match: '"economie"' });
    // The same, a deep page, or with a filter of the list's own: the matches are gathered.
    expect((await plan("econ", 1001, 1000, { page: 40 })).mode).toBe("broad");
    expect((await plan("econ", 1001, 1000, { status: "pending" })).mode).toBe("broad");
    // Counted exactly, 3,000 matches gathered cost less than 50 probes.
    expect((await plan("econ", 3000, 10_000)).mode).toBe("broad");
    // A few matches: read and sorted, unless they are so dense that a page lies within the first rows walked.
    expect((await plan("rarissime", 30, 10_000)).mode).toBe("narrow");
    expect((await plan("rarissime", 300, 10_000)).mode).toBe("broad");
  });

  const base = { rows: 50_000, offset: 0, pageSize: 50, seeks: 1, filtered: false };

  it("reads and sorts a few hundred matches, walks the index for more", () => {
    expect(searchMode({ ...base, matches: 400, capped: false })).toBe("narrow");
    // « diop » in 412 of 3,000 members: a page within 365 rows of the name index.
    expect(searchMode({ ...base, rows: 3000, matches: 412, capped: false })).toBe("broad");
    expect(searchMode({ ...base, rows: 3000, matches: 111, capped: false })).toBe("narrow");
    // Past the cap (a word in most rows): the first pages probe, a deep page gathers the matches.
    expect(searchMode({ ...base, matches: 10_001, capped: true })).toBe("probe");
    expect(searchMode({ ...base, matches: 10_001, capped: true, offset: 50 })).toBe("probe");
    expect(searchMode({ ...base, matches: 10_001, capped: true, offset: 1000 })).toBe("broad");
    // Counted exactly: a word in 2 % of the rows walks 2,500 rows for a page, a word in 90 % of 5,000 rows walks 56.
    expect(searchMode({ ...base, matches: 1000, capped: false })).toBe("broad");
    expect(searchMode({ ...base, rows: 5000, matches: 4500, capped: false })).toBe("broad");
    expect(searchMode({ ...base, rows: 5000, matches: 4500, capped: false, pageSize: 25 })).toBe("probe");
  });

  it("gathers the matches when a row cannot be probed, or when the list's own filters may drive the plan", () => {
    expect(searchMode({ ...base, matches: 10_001, capped: true, seeks: null })).toBe("broad");
    expect(searchMode({ ...base, matches: 10_001, capped: true, filtered: true })).toBe("broad");
    // Each term of a prefix costs its seek: 250 rows × 3 terms pass the bound.
    expect(searchMode({ ...base, matches: 10_001, capped: true, seeks: 3 })).toBe("broad");
    expect(250 * 3).toBeGreaterThan(PROBE_MAX);
    expect(searchMode({ ...base, matches: 40_000, capped: false, seeks: 3 })).toBe("probe");
  });

  it("folds every Latin-1 letter it folds as unicode61 does, in a full-text index of its own", async () => {
    const letters = Array.from({ length: 0x40 }, (_, i) => String.fromCodePoint(0xc0 + i)).filter((ch) => /\p{L}/u.test(ch));
    await database.client.execute("create virtual table temp.letters using fts5(x, tokenize = 'unicode61 remove_diacritics 2')");
    await database.client.execute("create virtual table temp.letters_vocab using fts5vocab(temp, letters, 'row')");
    for (const ch of letters) await database.client.execute({ sql: "insert into temp.letters(x) values (?)", args: [`q${ch}q`] });
    const terms = new Set((await database.client.execute("select term from temp.letters_vocab")).rows.map((r) => String(r.term)));
    const folded = letters.map((ch) => foldedPrefix(`q${ch}q`)).filter((f) => f !== null);
    expect(folded.length).toBeGreaterThan(50);
    expect(folded.filter((f) => !terms.has(f))).toEqual([]);
  });

  it("folds only what unicode61 is sure to fold the same way", () => {
    expect(foldedPrefix("Économie")).toBe("economie");
    expect(foldedPrefix("GOUVÈR")).toBe("gouver");
    expect(foldedPrefix("2026")).toBe("2026");
    expect(foldedPrefix("œuvre")).toBeNull();
    expect(foldedPrefix("straße")).toBeNull();
    expect(foldedPrefix("Ελλάδα")).toBeNull();
  });
});
