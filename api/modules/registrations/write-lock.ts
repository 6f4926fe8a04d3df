/**
 * One write transaction at a time per database handle, in this process.
 *
 * The embedded driver runs SQLite synchronously: a transaction opened with BEGIN IMMEDIATE while another
 * connection of the same process holds the write lock would wait in SQLite's busy handler, which blocks the event
 * loop, so the holder could never reach its COMMIT (both stall until the busy timeout). Queuing the transactions
 * in JavaScript avoids that; between processes (or against a libSQL server) BEGIN IMMEDIATE and the busy timeout
 * do the ordering, since each process keeps its own loop running.
 */
const tails = new WeakMap<object, Promise<unknown>>();

export function serialWrite<T>(key: object, fn: () => Promise<T>): Promise<T> {
  const tail = tails.get(key) ?? Promise.resolve();
  const run = tail.then(fn, fn);
  tails.set(key, run.catch(() => undefined));
  return run;
}
