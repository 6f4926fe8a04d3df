/**
 * A search's page in-process (issue 34): for each list and sort, the searches of bench/admin-list.ts (a word found in
 * nearly every row, and narrower ones), the statements a page's search runs, timed one way then the other in turn
 * on the same database:
 * - « gathered »: as before issue 34, the full-text count of what was typed (a long prefix merged by FTS5), then the
 *   page's ids walking the sort's index against every match gathered in a list (`+rowid in (select …)`), or for
 *   500 matches at most reading them and sorting them;
 * - « chosen »: the search made ready (a long prefix turned into its terms), its full-text count, then the page's ids
 *   by the plan the page picks (`probe`: each walked row asked of the full-text index; api/lib/list-search-plan.ts).
 * Both give the same ids (checked here). Medians and p90 of `rounds` calls each, in ms; the HTTP answer, the
 * session check and the page's items are left out (unchanged by this work; bench/admin-list.ts measures them all).
 * Usage: bun bench/list-search.ts <site.db made by bench/admin-list.ts (BENCH_DB)> [rounds=40]
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { users } from "../db/schema";
import { BROAD_SEARCH, COUNT_CAP, listStatements, planSearch, type ListSpec } from "../api/lib/list-query";
import { ARTICLE_LIST, articleWhere } from "../api/modules/articles/listing";
import { MEDIA_LIST, mediaWhere } from "../api/modules/media/listing";
import { USER_LIST } from "../api/modules/users/listing";
import { EVENT_LIST } from "../api/modules/events/listing";
import { AUDIT_LIST } from "../api/modules/audit/service";
import { fmt, percentile } from "./lib";

const [file, roundsArg = "40"] = process.argv.slice(2);
if (!file) {
  console.error("usage: bun bench/list-search.ts <site.db> [rounds=40]");
  process.exit(2);
}
const rounds = Number(roundsArg);
const database = await openDatabase(`file:${file}`);
const { db } = database;
const [member] = await db.select({ id: users.id }).from(users).where(eq(users.nickname, "membre1"));
const viewer = { viewerId: member!.id };

type Case = { label: string; spec: ListSpec<string>; where: Parameters<typeof listStatements>[3]; sorts: string[]; searches: string[] };
const CASES: Case[] = [
  { label: "admin articles", spec: ARTICLE_LIST as ListSpec<string>, where: articleWhere({}), sorts: ["recent", "title", "author", "status"], searches: ["gouvernance", "gouv", "4242", "ecole"] },
  { label: "member articles", spec: ARTICLE_LIST as ListSpec<string>, where: articleWhere({}, viewer), sorts: ["recent", "title", "author", "status"], searches: ["gouv", "4242"] },
  { label: "admin media", spec: MEDIA_LIST as ListSpec<string>, where: mediaWhere({}), sorts: ["recent", "title", "type", "status"], searches: ["econ", "4242"] },
  { label: "member media", spec: MEDIA_LIST as ListSpec<string>, where: mediaWhere({}, viewer), sorts: ["recent", "title"], searches: ["econ"] },
  { label: "admin members", spec: USER_LIST as ListSpec<string>, where: [], sorts: ["name", "recent"], searches: ["diop", "membre1234"] },
  { label: "admin events", spec: EVENT_LIST as ListSpec<string>, where: [], sorts: ["start", "title"], searches: ["rencontre"] },
  { label: "admin journal", spec: AUDIT_LIST as ListSpec<string>, where: [], sorts: ["recent"], searches: ["economie"] },
];

const time = async (f: () => Promise<unknown>) => {
  const t = performance.now();
  const value = await f();
  return { ms: performance.now() - t, value };
};

console.log(`${rounds} rounds each, page 1 of 50; load average ${(await Bun.file("/proc/loadavg").text()).trim()}`);
console.log(`${"list".padEnd(16)} ${"query".padEnd(26)} ${"plan".padEnd(6)} gathered p50 / p90    chosen p50 / p90 (ms)`);
for (const c of CASES) {
  const search = c.spec.search!;
  for (const q of c.searches) {
    for (const sort of c.sorts) {
      const params = { q, sort, page: 1, pageSize: 50 };
      const gathered = async () => {
        const matches = (await search.count!(db, q, COUNT_CAP))!;
        const ids = await listStatements(db, c.spec, params, c.where, matches > BROAD_SEARCH).ids;
        return { matches, ids: ids.map((r) => r.id) };
      };
      let mode = "";
      const chosen = async () => {
        const prepared = await search.prepare!(db, q);
        const matches = (await search.count!(db, q, COUNT_CAP, prepared?.match))!;
        const plan = await planSearch(db, c.spec, params, matches, COUNT_CAP, prepared);
        mode = plan.mode;
        const ids = await listStatements(db, c.spec, params, c.where, plan).ids;
        return { matches, ids: ids.map((r) => r.id) };
      };
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const x = await time(gathered);
        const y = await time(chosen);
        if (JSON.stringify(x.value) !== JSON.stringify(y.value)) throw new Error(`${c.label} ${q} ${sort}: the two plans differ`);
        a.push(x.ms);
        b.push(y.ms);
      }
      console.log(
        `${c.label.padEnd(16)} ${`q=${q} sort=${sort}`.padEnd(26)} ${mode.padEnd(6)} ${fmt(percentile(a, 50)).padStart(7)} / ${fmt(percentile(a, 90)).padStart(6)}` +
          `      ${fmt(percentile(b, 50)).padStart(7)} / ${fmt(percentile(b, 90)).padStart(6)}`,
      );
    }
  }
}
console.log(`load average at the end: ${(await Bun.file("/proc/loadavg").text()).trim()}`);
database.close();
