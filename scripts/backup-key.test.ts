import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createHarness } from "../api/testing/harness";

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * Issue 30 §3: the two-factor key generated beside the database (no TWO_FACTOR_KEY) is kept out of backups, and
 * `npm run backup` says so. Runs the real CLI (`bun scripts/backup.ts`) on a migrated database file, as an operator
 * would, with no TWO_FACTOR_KEY in its environment.
 */
describe("the two-factor key and npm run backup", () => {
  it("leaves the generated key file out of the backup and says where it is", async () => {
    const h = await createHarness();
    const out = mkdtempSync(join(tmpdir(), "backup-key-"));
    try {
      const database = join(h.dir, "test.db");
      const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: `file:${database}`, UPLOADS_DIR: join(h.dir, "uploads") };
      delete env.TWO_FACTOR_KEY;
      const into = join(out, "snapshot");
      const run = Bun.spawnSync([process.execPath, "scripts/backup.ts", into], { env: env as Record<string, string>, stdout: "pipe", stderr: "pipe" });
      const said = run.stdout.toString() + run.stderr.toString();
      expect(run.exitCode, said).toBe(0);
      const keyFile = `${database}.2fa-key`;
      expect(existsSync(keyFile)).toBe(true);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(said).toContain(`Not included: the two-factor key ${keyFile}.`);
      // Nothing in the backup is the key file or holds the key, in hex or raw.
      const hex = readFileSync(keyFile, "utf8").trim();
      expect(hex).toMatch(/^[0-9a-f]{64}$/);
      const raw = Buffer.from(hex, "hex");
      const files = filesUnder(into);
      expect(files.length).toBeGreaterThan(1);
      for (const file of files) {
        expect(file).not.toMatch(/2fa-key/);
        const bytes = readFileSync(file);
        expect(bytes.includes(Buffer.from(hex)), file).toBe(false);
        expect(bytes.includes(raw), file).toBe(false);
      }
    } finally {
      h.close();
      rmSync(out, { recursive: true, force: true });
    }
  });
});
