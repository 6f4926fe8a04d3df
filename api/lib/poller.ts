/**
 * The one polling loop of the server's background work (mail delivery today; newsletter sending and scheduled
 * publication can reuse it). It holds no work of its own: the work lives in a table that survives a restart, and
 * `tick` takes what is due from it. One tick at a time; a tick that reports more work waiting is followed at once,
 * otherwise the loop sleeps `intervalMs` (or until `wake()`). Errors are logged and the loop goes on.
 *
 * Tests do not start pollers: they call the worker's own `runOnce()` with an injected clock, so no test waits on a
 * timer.
 */

export type Poller = {
  /** Runs a tick soon (after the current one, if any), e.g. right after a feature queued work. */
  wake(): void;
  /** Stops the loop; resolves once the tick in progress (if any) has finished. */
  stop(): Promise<void>;
};

export type PollerOptions = {
  /** For the log. */
  name: string;
  intervalMs: number;
  /** Does one round of work; returns true when more is already due (the next tick then runs without waiting). */
  tick: () => Promise<boolean>;
  /** Where failures go (console.error by default). */
  log?: (message: string, error: unknown) => void;
};

export function startPoller({ name, intervalMs, tick, log = (m, e) => console.error(m, e) }: PollerOptions): Poller {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(run, delay);
    // The loop never keeps the process alive by itself.
    timer.unref?.();
  };

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = tick()
      .then((more) => {
        if (more) again = true;
      })
      .catch((e) => log(`${name}: background work failed; next try in ${intervalMs} ms`, e))
      .finally(() => {
        running = null;
        schedule(again ? 0 : intervalMs);
      });
  }

  schedule(0);
  return {
    wake() {
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
