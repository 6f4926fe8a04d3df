/** Uploads in a folder (UPLOADS_DIR), as the site always kept them: files are written in place, kept by rename. */
import { statSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import type { Stage, StoredObject, UploadStorage } from "./types";

export class DiskStorage implements UploadStorage {
  readonly kind = "disk" as const;
  constructor(readonly root: string) {}

  async stage(area: string): Promise<Stage> {
    const dir = join(this.root, area);
    await mkdir(dir, { recursive: true });
    return {
      dir,
      keep: async () => {},
      drop: async (names) => {
        await Promise.all(names.map((n) => rm(join(dir, n), { force: true })));
      },
    };
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const dest = join(this.root, key);
    await mkdir(dirname(dest), { recursive: true });
    await rename(localPath, dest);
  }

  async remove(keys: string[]): Promise<void> {
    await Promise.all(keys.map((k) => rm(join(this.root, k), { force: true })));
  }

  /** Synchronous on purpose: a page of uploads is served without a promise per file (api/lib/uploads-serve.ts). */
  statNow(key: string): StoredObject | null {
    try {
      const st = statSync(join(this.root, key));
      return st.isFile() ? { size: st.size, mtime: st.mtime } : null;
    } catch {
      return null;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    return this.statNow(key);
  }

  body(key: string, range?: [number, number]): Blob {
    const file = Bun.file(join(this.root, key));
    return range ? file.slice(range[0], range[1] + 1) : file;
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    const base = join(this.root, prefix);
    const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (!e.isFile()) continue;
      const path = join(e.parentPath, e.name);
      const key = relative(this.root, path);
      if (key.split("/").some((p) => p.startsWith("."))) continue;
      yield { key, size: (await stat(path)).size };
    }
  }
}
