/**
 * The server's long-lived helper processes (the build worker, api/lib/build-worker-client.ts, and the « Aperçu »
 * process, api/lib/preview-renderer.ts): how they are started and stopped, in one place.
 */
import { type ChildProcess, spawn } from "node:child_process";

/**
 * Starts `command` with piped output and an IPC channel, in its own process group (so `killGroup` takes the Astro
 * and Pagefind processes it started with it). The server does not wait for it to exit; the child leaves when the
 * server goes (api/lib/owned-by-server.ts).
 */
export function spawnOwned(command: string[], env: Record<string, string | undefined>): ChildProcess {
  const [cmd, ...args] = command;
  const child = spawn(cmd!, args, { detached: true, stdio: ["ignore", "pipe", "pipe", "ipc"], env });
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
