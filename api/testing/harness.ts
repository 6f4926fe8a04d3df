/**
 * In-process test harness: a real libSQL database in a temporary file (never :memory:, which loses its tables
 * after the first interactive transaction), migrated, and the real app on top. No port needed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase, type Database } from "../../db/client";
import { createApp } from "../app";
import type { Deps } from "../deps";
import { readEnv } from "../env";
import type { BuilderStatus, BuildReport } from "../lib/site-builder";

export type Harness = {
  database: Database;
  deps: Deps;
  app: ReturnType<typeof createApp>;
  dir: string;
  builds: number;
  /** How many times a write reported a content change. */
  changes: number;
  /** GET/POST helper returning status and parsed JSON. */
  call: (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; json: any; headers: Headers }>;
  close: () => void;
};

export async function createHarness(envOverrides: Record<string, string> = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), "api-test-"));
  const database = await openDatabase(`file:${join(dir, "test.db")}`);
  await migrateDatabase(database);
  // The database's URL too: without TWO_FACTOR_KEY, the two-factor key is generated beside it (api/lib/two-factor-key.ts).
  const env = readEnv({ DATABASE_URL: `file:${join(dir, "test.db")}`, UPLOADS_DIR: join(dir, "uploads"), SITE_DIR: join(dir, "site"), ...envOverrides });
  const h = { builds: 0, changes: 0 } as Harness;
  const idle: BuilderStatus = {
    building: false,
    queued: false,
    live: null,
    last: null,
    current: null,
    pending: [],
    lastSuccess: null,
    lastFailure: null,
    recovery: null,
  };
  const builder = {
    // The real builder spawns Astro; API tests only need to know a build was asked for.
    requestBuild: async (): Promise<BuildReport> => {
      h.builds++;
      return { id: "test", ok: true, startedAt: "", finishedAt: "", durationMs: 0, log: "", changes: [] };
    },
    status: () => idle,
  };
  // « Aperçu »: the real one renders in its own process (scripts/preview-worker.ts); tests see which text it was given.
  const previews = {
    render: async (article: unknown) => {
      const a = article as { title: string; html_content: string };
      return { ok: true as const, html: `<!doctype html><html lang="fr"><head><title>${a.title}</title></head><body><h1>${a.title}</h1>${a.html_content}</body></html>` };
    },
  };
  const deps: Deps = {
    db: database.db,
    env,
    builder,
    previews,
    contentChanged: () => {
      h.changes++;
      return builder.requestBuild();
    },
  };
  const app = createApp(deps);
  Object.assign(h, {
    database,
    deps,
    app,
    dir,
    async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (body !== undefined) {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)["content-type"] = "application/json";
      }
      const res = await app.handle(new Request(`http://localhost${path}`, init));
      const text = await res.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = text;
      }
      return { status: res.status, json, headers: res.headers };
    },
    close() {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
  return h;
}
