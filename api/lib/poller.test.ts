import { describe, expect, it } from "vitest";
import { startPoller } from "./poller";

/** A promise and its resolver, to wait for events rather than for time. */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const HOUR = 3600_000;

describe("the shared poller", () => {
  it("ticks at once, and again without waiting while the tick says more work is due", async () => {
    const done = signal<number>();
    let ticks = 0;
    const poller = startPoller({
      name: "test",
      intervalMs: HOUR,
      tick: async () => {
        ticks++;
        if (ticks === 3) done.resolve(ticks);
        return ticks < 3;
      },
    });
    // Three ticks although the interval is an hour: the first at start, two more because work was due.
    expect(await done.promise).toBe(3);
    await poller.stop();
    expect(ticks).toBe(3);
  });

  it("logs a failed tick and goes on at the next wake-up", async () => {
    const logged = signal<string>();
    const second = signal();
    let ticks = 0;
    const poller = startPoller({
      name: "mail",
      intervalMs: HOUR,
      log: (message) => logged.resolve(message),
      tick: async () => {
        if (++ticks === 1) throw new Error("database locked");
        second.resolve();
        return false;
      },
    });
    expect(await logged.promise).toMatch(/^mail: background work failed/);
    poller.wake();
    await second.promise;
    await poller.stop();
    expect(ticks).toBe(2);
  });

  it("waits for the tick in progress when stopped, and ticks no more", async () => {
    const started = signal();
    const release = signal();
    let finished = false;
    let ticks = 0;
    const poller = startPoller({
      name: "test",
      intervalMs: HOUR,
      tick: async () => {
        ticks++;
        started.resolve();
        await release.promise;
        finished = true;
        return true;
      },
    });
    await started.promise;
    const stopped = poller.stop();
    release.resolve();
    await stopped;
    expect(finished).toBe(true);
    poller.wake();
    await Promise.resolve();
    expect(ticks).toBe(1);
  });
});
