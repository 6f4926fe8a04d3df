/**
 * What a request may have written, told by digests taken before and after it: every table's rows (one hash per
 * table, rows sorted so that their order does not count) and every file under the uploads folder with its size.
 * Used by the input fuzz tests (api/fuzz.test.ts, api/fuzz-worker.test.ts).
 */
import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { Client } from "@libsql/client";

export async function tablesDigest(client: Client): Promise<Record<string, string>> {
  const tables = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
  const digest: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const rows = await client.execute(`SELECT * FROM "${String(name)}"`);
    const lines = rows.rows.map((r) => JSON.stringify(Object.values(r), (_, v) => (typeof v === "bigint" ? String(v) : v))).sort();
    digest[String(name)] = `${lines.length}:${createHash("sha256").update(lines.join("\n")).digest("hex").slice(0, 16)}`;
  }
  return digest;
}

export function uploadsDigest(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(d, n);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else out.push(`${relative(dir, p)} ${st.size}`);
    }
  };
  walk(dir);
  return out.sort();
}

/** Both digests, and what differs between two of them (empty when nothing was written). */
export async function writeDigest(client: Client, uploadsDir: string) {
  return { tables: await tablesDigest(client), uploads: uploadsDigest(uploadsDir) };
}

export function writtenBetween(before: Awaited<ReturnType<typeof writeDigest>>, after: Awaited<ReturnType<typeof writeDigest>>): string | null {
  if (JSON.stringify(after) === JSON.stringify(before)) return null;
  const changed = Object.keys(after.tables).filter((t) => after.tables[t] !== before.tables[t]);
  return `tables ${changed.join(", ") || "none"}, uploads ${JSON.stringify(after.uploads)} vs ${JSON.stringify(before.uploads)}`;
}
