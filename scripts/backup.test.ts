import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { makeArticle, makeUser } from "../api/testing/factory";
import { createHarness, type Harness } from "../api/testing/harness";
import { backup, DB_FILE, MANIFEST } from "./backup";
import { restore } from "./restore";

const sha = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

/** Every row of every table, as JSON lines sorted, to compare two databases. */
async function dump(url: string): Promise<Record<string, string[]>> {
  const db = await openDatabase(url);
  try {
    const out: Record<string, string[]> = {};
    const names = await db.client.execute("select name from sqlite_master where type='table' and name not like 'sqlite_%' and sql not like 'CREATE VIRTUAL%'");
    for (const r of names.rows) {
      const name = String(r[0]);
      out[name] = (await db.client.execute(`select * from "${name}"`)).rows.map((row) => JSON.stringify(row)).sort();
    }
    return out;
  } finally {
    db.close();
  }
}

describe("backup and restore", () => {
  let h: Harness;
  let dir: string;
  let uploads: string;
  let before: Record<string, string[]>;
  let folder: string;
  let written = 0;

  beforeAll(async () => {
    h = await createHarness();
    dir = mkdtempSync(join(tmpdir(), "backup-"));
    uploads = join(h.dir, "uploads");
    mkdirSync(join(uploads, "profile_pics"), { recursive: true });
    mkdirSync(join(uploads, "media"), { recursive: true });
    writeFileSync(join(uploads, "profile_pics", "awa.webp"), Buffer.from("RIFF....WEBPpicture"));
    writeFileSync(join(uploads, "media", "son.wav"), Buffer.alloc(200_000, 7));
    const awa = await makeUser(h.database.db, { nickname: "awa", firstname: "Awa", name: "Ndiaye" });
    for (let i = 0; i < 20; i++) await makeArticle(h.database.db, { title: `Article ${i}`, authors: [awa.id] });
    before = await dump(`file:${join(h.dir, "test.db")}`);

    // The site keeps running: contact messages keep arriving while the backup is taken.
    let stop = false;
    const traffic = (async () => {
      while (!stop) {
        const res = await h.call("POST", "/api/public/contact", { name: "Lecteur", email: "l@example.org", subject: "Bonjour", message: `Message ${written}` }, { "x-client-ip": `10.9.${written >> 8}.${written & 255}` });
        if (res.status === 200 || res.status === 201) written++;
        // In-process calls can resolve without giving the event loop a turn; a real client's never do.
        await Bun.sleep(1);
      }
    })();
    await Bun.sleep(50);
    folder = await backup({ databaseUrl: `file:${join(h.dir, "test.db")}`, uploadsDir: uploads, into: join(dir, "snapshot") });
    stop = true;
    await traffic;
  });

  afterAll(() => {
    h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes a checked database snapshot, the uploads and a manifest into a new folder", async () => {
    const manifest = JSON.parse(readFileSync(join(folder, MANIFEST), "utf8"));
    expect(manifest.tables.users).toBe(1);
    expect(manifest.tables.articles).toBe(20);
    expect(manifest.uploads).toBe(2);
    expect(written).toBeGreaterThan(0);
    await expect(backup({ databaseUrl: `file:${join(h.dir, "test.db")}`, uploadsDir: uploads, into: folder })).rejects.toThrow(/already exists/);
  });

  it("restores exactly the snapshot, moving the data it replaces aside", async () => {
    const target = join(dir, "restored");
    const dbUrl = `file:${join(target, "data", "site.db")}`;
    mkdirSync(join(target, "data"), { recursive: true });
    writeFileSync(join(target, "data", "site.db"), "not the right database");
    mkdirSync(join(target, "uploads"), { recursive: true });
    writeFileSync(join(target, "uploads", "stray.txt"), "x");

    await restore({ folder, databaseUrl: dbUrl, uploadsDir: join(target, "uploads") });

    const restored = await dump(dbUrl);
    expect(restored).toEqual(await dump(`file:${join(folder, DB_FILE)}`));
    // Everything written before the backup began is there, contact messages included up to the snapshot.
    for (const [table, rows] of Object.entries(before)) for (const row of rows) expect(restored[table], table).toContain(row);
    expect(restored.contact_messages?.length ?? 0).toBeGreaterThan(0);
    expect(sha(join(target, "uploads", "media", "son.wav"))).toBe(sha(join(uploads, "media", "son.wav")));
    expect(existsSync(join(target, "uploads", "stray.txt"))).toBe(false);
    const aside = readdirSync(join(target, "data")).filter((f) => f.includes(".before-restore-"));
    expect(aside.length).toBe(1);
    expect(readdirSync(target).some((f) => f.startsWith("uploads.before-restore-"))).toBe(true);
  });

  it("refuses a folder that is not a backup", async () => {
    await expect(restore({ folder: dir, databaseUrl: `file:${join(dir, "x.db")}`, uploadsDir: join(dir, "u") })).rejects.toThrow(/not a backup/);
  });
});
