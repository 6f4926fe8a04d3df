/**
 * A process the server started (scripts/build-worker.ts, scripts/preview-worker.ts, api/web-worker.ts;
 * api/lib/owned-process.ts on the server's side) exits when the server goes, even when the server was killed and
 * never said so: its IPC channel closes, or it is handed to another parent.
 */
export function exitWithServer(): void {
  process.on("disconnect", () => process.exit(0));
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.exit(0);
  }, 2000).unref();
}
