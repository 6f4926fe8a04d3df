/**
 * The service time of every list page of bench/admin-list.ts, in process (issue 34): the same lists, sorts and
 * searches, each page asked through the list's own function (its statements and the read of its 50 items; not the
 * HTTP answer, the session check or the JSON). wrk's p99 at 8 connections on a shared 2-core machine moves by more
 * than a page costs; these medians tell which page costs more than its siblings, and why to look there.
 * Each list's pages are asked in turn, round after round, so that load drifts hit them alike. One list at a time:
 * the first page of a round asked right after another table's pages paid about 0.4 ms for SQLite's cache (« gouv »
 * and « gouvernance », the same statements, then differed by that much depending on which came first).
 * Usage: bun bench/list-pages.ts <site.db made by bench/admin-list.ts (BENCH_DB)> [rounds=100]   (BENCH_LISTS as there)
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { users } from "../db/schema";
import { adminArticlePage, memberArticleList } from "../api/modules/articles/listing";
import { adminMediaList, memberMediaList } from "../api/modules/media/listing";
import { adminUserList } from "../api/modules/users/listing";
import { adminEventList } from "../api/modules/events/listing";
import { adminThemeList } from "../api/modules/themes/listing";
import { adminContactList } from "../api/modules/contact/listing";
import { listAudit } from "../api/modules/audit/service";
import { fmt, percentile } from "./lib";

const [file, roundsArg = "100"] = process.argv.slice(2);
if (!file) {
  console.error("usage: bun bench/list-pages.ts <site.db> [rounds=100]");
  process.exit(2);
}
const rounds = Number(roundsArg);
const database = await openDatabase(`file:${file}`);
const { db } = database;
const [member] = await db.select({ id: users.id }).from(users).where(eq(users.nickname, "membre1"));
const viewerId = member!.id;

type Params = { page: number; pageSize: number; sort: string; q?: string };
type List = { label: string; page: (params: Params) => Promise<unknown>; sorts: string[]; searches: string[] };
// The lists, sorts and searches of bench/admin-list.ts.
const ALL_LISTS: List[] = [
  { label: "admin articles", page: (p) => adminArticlePage(db, p as never), sorts: ["recent", "title", "author", "status"], searches: ["gouvernance", "gouv", "4242", "ecole"] },
  { label: "member articles", page: (p) => memberArticleList(db, viewerId, p as never), sorts: ["recent", "title", "author", "status"], searches: ["gouv", "4242"] },
  { label: "admin media", page: (p) => adminMediaList(db, p as never), sorts: ["recent", "title", "type", "status"], searches: ["econ", "4242"] },
  { label: "member media", page: (p) => memberMediaList(db, viewerId, p as never), sorts: ["recent", "title", "type", "status"], searches: ["econ", "4242"] },
  { label: "admin members", page: (p) => adminUserList(db, p as never), sorts: ["name", "recent", "role"], searches: ["diop", "membre1234"] },
  { label: "admin events", page: (p) => adminEventList(db, p as never), sorts: ["start", "title"], searches: ["rencontre", "ocean"] },
  { label: "admin themes", page: (p) => adminThemeList(db, p as never), sorts: ["name"], searches: ["eco"] },
  { label: "admin contact", page: (p) => adminContactList(db, p as never), sorts: ["recent"], searches: ["ecole", "1234"] },
  { label: "admin journal", page: (p) => listAudit(db, p as never), sorts: ["recent"], searches: ["economie", "4242"] },
];
const only = process.env.BENCH_LISTS?.split(",").map((l) => l.trim());
const LISTS = only ? ALL_LISTS.filter((l) => only.includes(l.label)) : ALL_LISTS;

console.log(`${rounds} rounds, page 1 of 50; load average ${(await Bun.file("/proc/loadavg").text()).trim()}`);
console.log(`${"list".padEnd(16)} ${"query".padEnd(28)} p50 / p90 (ms)`);
for (const list of LISTS) {
  const pages: { query: string; params: Params; times: number[] }[] = [];
  for (const sort of list.sorts) pages.push({ query: `sort=${sort}`, params: { page: 1, pageSize: 50, sort }, times: [] });
  for (const q of list.searches) for (const sort of list.sorts) pages.push({ query: `sort=${sort}&q=${q}`, params: { page: 1, pageSize: 50, sort, q }, times: [] });
  // Warm: the counts kept between writes (api/lib/count-memo.ts) are made once, as a running server keeps them.
  for (const p of pages) for (let i = 0; i < 3; i++) await list.page(p.params);
  for (let round = 0; round < rounds; round++) {
    for (const p of pages) {
      const t = performance.now();
      await list.page(p.params);
      p.times.push(performance.now() - t);
    }
  }
  for (const p of pages) console.log(`${list.label.padEnd(16)} ${p.query.padEnd(28)} ${fmt(percentile(p.times, 50)).padStart(5)} / ${fmt(percentile(p.times, 90)).padStart(5)}`);
}
database.close();
