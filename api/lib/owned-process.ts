/**
 * The server's long-lived helper processes (the build worker, api/lib/build-worker-client.ts, and the « Aperçu »
 * process, api/lib/preview-renderer.ts): how they are started and stopped, in one place.
 */
import { type ChildProcess, spawn } from "node:child_process";

/**
 * What the helpers run with unless the server's environment says otherwise. Vite's bundler (rolldown, a Rust library
 * inside both helpers) allocates with its own mimalloc, which asks the kernel for transparent huge pages: after the
 * first build it kept ~240 MB resident in 2 MB pages it could not give back, for the life of the process. Without
 * them the build worker at 5,000 articles holds 529 MB between builds instead of 668-698 MB, its change-to-live
 * the same (docs/PERFORMANCE.md).
 */
const HELPER_ENV: Readonly<Record<string, string>> = { MIMALLOC_ALLOW_THP: "0" };

/**
 * Starts `command` with piped output and an IPC channel, in its own process group (so `killGroup` takes the Astro
 * and Pagefind processes it started with it). The server does not wait for it to exit; the child leaves when the
 * server goes (api/lib/owned-by-server.ts).
 */
export function spawnOwned(command: string[], env: Record<string, string | undefined>): ChildProcess {
  const [cmd, ...args] = command;
  const child = spawn(cmd!, args, { detached: true, stdio: ["ignore", "pipe", "pipe", "ipc"], env: { ...HELPER_ENV, ...env } });
  child.unref();
  return child;
}

/** Kills `child` and everything it started. */
export function killGroup(child: ChildProcess): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}
