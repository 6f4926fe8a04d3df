/**
 * The lists' counts kept until the content changes (count-memo.ts): a page asked twice counts once, and every kind
 * of write a count depends on (a new row, a row to the trash, a link row, a search's words) is seen by the next
 * page, whatever made the write. A real libSQL file written in plain SQL, behind the API's back.
 */
import LibsqlDatabase from "libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { openSeeded, series } from "../testing/seeded-database";
import { listPage, type ListSpec } from "./list-query";
import { contentSequence, countMemoStats } from "./count-memo";
import { ARTICLE_LIST, articleWhere, memberArticleParts } from "../modules/articles/listing";
import { CONTACT_LIST } from "../modules/contact/listing";

let database: Database;
let other: Database;
const removes: (() => void)[] = [];

async function seed(run: (statement: string) => Promise<unknown>) {
  await run(`${series(40)}insert into users(id, firstname, name, nickname, email, role, created_at, updated_at)
    select 'u' || i, 'Prénom', 'Nom ' || i, 'membre' || i, 'm' || i || '@x.org', 'user', i, 0 from s`);
  await run(`${series(600)}insert into articles(id, title, url, txt_content, approved, online, created_at, updated_at)
    select 'a' || i, case when i % 3 = 0 then 'Économie bleue n°' || i else 'Océan n°' || i end, 'a-' || i, 'Texte', i % 7 <> 0, 1, 1700000000000 + i * 60000, 0 from s`);
  await run(`insert into article_authors(article_id, user_id, position) select id, 'u' || (1 + rowid % 40), 0 from articles`);
  await run(`${series(30)}insert into contact_messages(id, name, email, subject, message, created_at) select 'c' || i, 'Nom', 'c@x.org', 'Objet', 'Bonjour', i from s`);
}

beforeAll(async () => {
  for (const prefix of ["count-memo-", "count-memo-other-"]) {
    const seeded = await openSeeded(prefix, seed);
    removes.push(seeded.remove);
    if (prefix === "count-memo-") database = seeded.database;
    else other = seeded.database;
  }
});
afterAll(() => removes.forEach((remove) => remove()));

const ids = async (list: string[]) => list;
const page = (db: Database, query: Record<string, unknown> = {}, spec: ListSpec<string> = ARTICLE_LIST as ListSpec<string>) =>
  listPage(db.db, spec, query, spec === (ARTICLE_LIST as ListSpec<string>) ? articleWhere(query as never) : [], ids, (id) => id);
const memberPage = (db: Database, viewerId: string, query: Record<string, unknown> = {}) =>
  listPage(db.db, ARTICLE_LIST, query, articleWhere(query as never, { viewerId }), ids, (id) => id, memberArticleParts(viewerId, query as never));
const run = (db: Database, statement: string) => db.client.execute(statement);

/** What a page's counting did: how many counts were answered from memory, how many were made. */
async function counting<T>(work: () => Promise<T>): Promise<{ value: T; hits: number; misses: number }> {
  const before = { ...countMemoStats };
  const value = await work();
  return { value, hits: countMemoStats.hits - before.hits, misses: countMemoStats.misses - before.misses };
}

describe("the counts of a list", () => {
  it("are made once while nothing changes, and again after any write the feed records", async () => {
    const first = await counting(() => page(database));
    expect(first.value.total).toBe(600);
    expect(first.misses).toBe(1);
    const again = await counting(() => page(database));
    expect(again).toMatchObject({ hits: 1, misses: 0 });
    expect(again.value.total).toBe(600);

    const before = await contentSequence(database.db);
    await run(database, `insert into articles(id, title, url, txt_content, approved, online, created_at, updated_at) values ('new', 'Nouveau', 'nouveau', 'Texte', 1, 1, 1800000000000, 0)`);
    expect(await contentSequence(database.db)).toBeGreaterThan(before);
    const added = await counting(() => page(database));
    expect(added.value.total).toBe(601);
    expect(added.misses).toBe(1);

    await run(database, `update articles set deleted_at = 1800000000001 where id = 'new'`);
    expect((await page(database)).total).toBe(600);
  });

  it("see each filter and search as a count of its own, kept apart and brought up to date", async () => {
    expect((await page(database, { status: "pending" })).total).toBe(85);
    expect((await page(database, { q: "economie" })).total).toBe(200);
    await run(database, `update articles set approved = 1 where id = 'a7'`);
    expect((await page(database, { status: "pending" })).total).toBe(84);
    expect((await page(database, { q: "economie" })).total).toBe(200);
    // A title's words: the full-text table follows the row in the same transaction, and so does the count.
    await run(database, `update articles set title = 'Économie circulaire' where id = 'a1'`);
    expect((await page(database, { q: "economie" })).total).toBe(201);
    expect((await page(database)).total).toBe(600);
  });

  it("follow the link rows: a member's own articles", async () => {
    const mine = (await memberPage(database, "u5", { mine: "1" })).total;
    const all = (await memberPage(database, "u5")).total;
    await run(database, `update article_authors set user_id = 'u5' where article_id = 'a14'`);
    expect((await memberPage(database, "u5", { mine: "1" })).total).toBe(mine + 1);
    // a14 is not public (14 % 7 = 0): the member now sees it among theirs.
    expect((await memberPage(database, "u5")).total).toBe(all + 1);
  });

  it("are each database's own", async () => {
    await page(database);
    await run(other, `delete from articles where id in ('a2', 'a3')`);
    expect((await page(other)).total).toBe(598);
    expect((await page(database)).total).toBe(600);
  });

  it("are made afresh for a list whose tables the feed does not follow", async () => {
    const contacts = () => counting(() => page(database, {}, CONTACT_LIST as ListSpec<string>));
    await contacts();
    const again = await contacts();
    expect(again).toMatchObject({ hits: 0, misses: 0 });
    expect(again.value.total).toBe(30);
    await run(database, `insert into contact_messages(id, name, email, subject, message, created_at) values ('c-new', 'Nom', 'c@x.org', 'Objet', 'Bonjour', 99)`);
    expect((await contacts()).value.total).toBe(31);
  });
});

describe("a page whose counting spans a write", () => {
  it("never serves a kept count older than a write its own rows already show", async () => {
    const [main] = (await database.client.execute("select file from pragma_database_list where name = 'main'")).rows as unknown as { file: string }[];
    const file = main!.file;
    // Another process's connection: the driver itself, whose writes are synchronous, so one lands between two steps
    // of a page (after the page read the feed's number, before it counts) without any timing.
    const writer = new LibsqlDatabase(file);
    writer.exec("PRAGMA busy_timeout = 5000");
    let writeDuringPage = false;
    const search = ARTICLE_LIST.search!;
    const spec: ListSpec<string> = {
      ...(ARTICLE_LIST as ListSpec<string>),
      search: {
        ...search,
        where: (q, plan) => {
          if (writeDuringPage) {
            writeDuringPage = false;
            writer.exec(`insert into articles(id, title, url, txt_content, approved, online, created_at, updated_at) values ('mid', 'Économie du milieu', 'milieu', 'Texte', 1, 1, 1900000000000, 0)`);
          }
          return search.where(q, plan);
        },
      },
    };
    const query = { q: "economie", status: "approved" };
    const approvedPage = () => listPage(database.db, spec, query, articleWhere(query as never), ids, (id) => id);
    const before = await approvedPage();
    expect((await counting(approvedPage)).hits).toBeGreaterThan(0);
    writeDuringPage = true;
    const during = await counting(approvedPage);
    expect(writeDuringPage).toBe(false);
    // The page's rows show the new article (newest first): its total must count it too.
    expect(during.value.items[0]).toBe("mid");
    expect(during.value.total).toBe(before.total + 1);
    writer.close();
  });
});
