/**
 * Where TWO_FACTOR_KEY comes from when the environment does not give it (issue 30 §3). It used to fall back to a
 * fixed development key, published in this repository: anyone with a copy of the database could then open every
 * TOTP secret and check recovery codes offline. Now, outside production, a random key is generated at the first
 * start into a file beside the database file (`<database file>.2fa-key`, mode 0600) and read again at every
 * start. The file is not in backups (scripts/backup.ts copies the database and the uploads only, and says so):
 * a backup alone opens no two-factor secret. Moving the site means moving this file with the database (README,
 * « Configuration »). With a database server (`libsql://`…) there is no folder of ours beside it: the variable
 * is then required, as in production.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export type KeyFile = { path: string; created: boolean };

/** The key file of a `file:` database URL, or null for a database server. */
export function keyFileOf(databaseUrl: string): string | null {
  if (!databaseUrl.startsWith("file:")) return null;
  const path = databaseUrl.slice("file:".length).split("?")[0]!;
  return path ? `${path}.2fa-key` : null;
}

/** 32 bytes from 64 hex characters or base64 (the variable's and the file's format), or null when malformed. */
export function parseKey(raw: string): Uint8Array | null {
  const text = raw.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  return bytes.length === 32 ? new Uint8Array(bytes) : null;
}

/**
 * Reads the key file, creating it first if it does not exist. Two processes starting together agree on one key:
 * the new key is written to a private temporary name and hard-linked into place, which fails if the other process
 * linked first (then its key is read).
 */
export function readOrCreateKeyFile(path: string): { key: Uint8Array; created: boolean } {
  const read = () => {
    const key = parseKey(readFileSync(path, "utf8"));
    if (!key) throw new Error(`${path} does not hold a 32-byte key (64 hex characters)`);
    return key;
  };
  try {
    return { key: read(), created: false };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(temp, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600 });
  // The mode given to writeFileSync is reduced by the umask; 0600 is what is meant, whatever the umask.
  chmodSync(temp, 0o600);
  let created = true;
  try {
    linkSync(temp, path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    created = false;
  } finally {
    rmSync(temp, { force: true });
  }
  return { key: read(), created };
}
