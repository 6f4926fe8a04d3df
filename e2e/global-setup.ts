/**
 * Starts the real server (real Bun, real libSQL file, real Astro build) on a temporary database and waits until
 * the site is built. The server is stopped by its own PID at the end (npm start would leave Bun orphaned).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const E2E_PORT = 4399;
export const REBUILD_TOKEN = "e2e-rebuild-token-0123456789";

export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return; // pointing at a server started elsewhere
  const dir = mkdtempSync(join(tmpdir(), "e2e-"));
  const log = join(dir, "server.log");
  const proc = Bun.spawn([process.execPath, "api/server.ts"], {
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, "site.db")}`,
      UPLOADS_DIR: join(dir, "uploads"),
      SITE_DIR: join(dir, "site"),
      REBUILD_TOKEN,
      SEED: "demo",
      ASTRO_TELEMETRY_DISABLED: "1",
    },
    stdout: Bun.file(log),
    stderr: Bun.file(join(dir, "server.err.log")),
  });
  writeFileSync(join(tmpdir(), "e2e-current-dir"), dir);
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}; see ${dir}`);
    try {
      const res = await fetch(`http://127.0.0.1:${E2E_PORT}/api/health`);
      if (res.ok && (await res.json()).site.ready) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill();
      throw new Error(`site not ready after 240 s; logs in ${dir}`);
    }
    await Bun.sleep(500);
  }
  return async () => {
    proc.kill("SIGTERM");
    await proc.exited;
    if (!process.env.E2E_KEEP) rmSync(dir, { recursive: true, force: true });
  };
}
