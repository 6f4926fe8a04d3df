/**
 * A read-only handle (a worker answering reads, api/lib/worker-api.ts) refuses every write: it must fail loudly, not
 * become a second writer. Run in a child process: the setting holds for every connection of the process that asks.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase } from "./client";

describe("read-only database handle", () => {
  const dir = mkdtempSync(join(tmpdir(), "read-only-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads what the writer committed and refuses any write", async () => {
    const url = `file:${join(dir, "site.db")}`;
    const writer = await openDatabase(url);
    await migrateDatabase(writer);
    await writer.client.execute("insert into themes (id, name, url, created_at) values ('t1', 'Économie', 'economie', 0)");
    const script = `
      import { openDatabase } from "./db/client";
      const d = await openDatabase(${JSON.stringify(url)}, undefined, { readOnly: true });
      const rows = (await d.client.execute("select name from themes")).rows.map((r) => r.name);
      let write = "accepted";
      try { await d.client.execute("insert into themes (id, name, url, created_at) values ('t2', 'Culture', 'culture', 0)"); } catch (e) { write = String(e.message); }
      let tx = "accepted";
      try { await d.db.transaction(async (t) => { await t.run("delete from themes"); }); } catch (e) { tx = String(e.message); }
      console.log(JSON.stringify({ rows, write, tx }));
    `;
    const run = Bun.spawnSync([process.execPath, "-e", script], { cwd: join(import.meta.dirname, "..") });
    const out = JSON.parse(run.stdout.toString().trim().split("\n").pop()!);
    expect(out.rows).toEqual(["Économie"]);
    expect(out.write).toMatch(/readonly|read-only|query_only/i);
    expect(out.tx).toMatch(/readonly|read-only|query_only/i);
    const left = (await writer.client.execute("select count(*) as n from themes")).rows[0]!.n;
    expect(Number(left)).toBe(1);
    writer.close();
  });
});
