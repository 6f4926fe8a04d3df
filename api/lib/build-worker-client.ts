import type { ChildProcess } from "node:child_process";
import { killGroup, spawnOwned } from "./owned-process";

/** What a build job asks of scripts/build-worker.ts (its WorkerJob). */
export type BuildWorkerJob = { out: string; previous: string; mode: "full" | "partial"; inPlace?: boolean };
type Answer = { id: string; ok: boolean; restart?: boolean; staged?: boolean; retire?: boolean };

/**
 * `staged`: `out` holds only what changed, to publish in place (api/lib/publish-in-place.ts), not a whole build.
 * `retired`: the worker ran Astro's build and saved its renderer; it was stopped to give its memory back, and the
 * next job starts a fresh one from that renderer (scripts/saved-renderer.ts).
 */
export type BuildWorkerResult = { code: number | null; output: string; timedOut: boolean; staged?: boolean; retired?: boolean };

const LOG_TAIL = 40_000;
/**
 * The worker ends each job's output with this line on stdout and on stderr, then answers over IPC: the pipes and
 * the IPC channel are not ordered with each other, so the answer waits for both lines (the job's last log lines).
 */
export const END_OF_JOB = "\u0000end of build job ";
/** How long an answer waits for the end lines of a worker that does not write them. */
const END_WAIT_MS = 2_000;

/**
 * The server's side of the long-lived build process (scripts/build-worker.ts): starts it on first use, sends it one
 * job at a time and collects its output per job. The worker keeps Astro's renderer warm between builds; when it
 * answers `restart` (it needs a fresh Astro), or dies, or a job runs past the timeout (then its whole process group
 * is killed), the next job gets a new worker.
 */
export class BuildWorkerClient {
  private child: ChildProcess | null = null;
  private output = "";
  /** The job waiting for its answer, and the worker it was sent to. */
  private waiting: { child: ChildProcess; id: string; done: (a: Answer | null) => void } | null = null;
  /** End lines seen per job id (stdout and stderr), and the answer waiting for them. */
  private ended = new Map<string, number>();
  private onEnded: (() => void) | null = null;

  constructor(
    private readonly command: string[],
    private readonly env: Record<string, string | undefined>,
  ) {}

  async run(job: BuildWorkerJob, timeoutMs: number): Promise<BuildWorkerResult> {
    this.output = "";
    let result = await this.send(job, timeoutMs);
    if (result.answer?.restart) {
      this.stop();
      result = await this.send(job, timeoutMs);
    }
    const { answer, timedOut } = result;
    // A worker that answered has written all its output (endLines): stopping it now loses nothing.
    if (!answer || answer.retire) this.stop();
    return {
      code: answer ? (answer.ok ? 0 : 1) : null,
      output: this.output,
      timedOut,
      ...(answer?.staged ? { staged: true } : {}),
      ...(answer?.retire ? { retired: true } : {}),
    };
  }

  /** Stops the worker and everything it started. */
  stop() {
    const child = this.child;
    this.child = null;
    if (child) killGroup(child);
  }

  private send(job: BuildWorkerJob, timeoutMs: number): Promise<{ answer: Answer | null; timedOut: boolean }> {
    const child = this.child ?? this.start();
    const id = Math.random().toString(36).slice(2);
    return new Promise((done) => {
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        this.stop();
        finish(null);
      }, timeoutMs);
      const finish = (answer: Answer | null) => {
        clearTimeout(timer);
        this.waiting = null;
        done({ answer, timedOut });
      };
      this.waiting = { child, id, done: finish };
      child.send({ id, ...job });
    });
  }

  /** Resolves once both end lines of job `id` were read, or after END_WAIT_MS. */
  private endLines(id: string): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.onEnded = null;
        this.ended.delete(id);
        resolve();
      };
      const timer = setTimeout(finish, END_WAIT_MS);
      this.onEnded = () => {
        if ((this.ended.get(id) ?? 0) >= 2) finish();
      };
      this.onEnded();
    });
  }

  private start(): ChildProcess {
    // Its own process group, so a hung build is killed with the Astro or Pagefind processes it started.
    const child = spawnOwned(this.command, this.env);
    const stream = () => {
      let partial = "";
      return (chunk: Buffer) => {
        // Whole lines only, so an end line split across two chunks is still recognised.
        const lines = (partial + chunk.toString()).split("\n");
        partial = lines.pop()!;
        let text = "";
        for (const line of lines) {
          if (line.startsWith(END_OF_JOB)) {
            const id = line.slice(END_OF_JOB.length);
            this.ended.set(id, (this.ended.get(id) ?? 0) + 1);
            this.onEnded?.();
          } else text += `${line}\n`;
        }
        // Only the tail is kept; a chatty build must not grow the server's memory.
        if (text) this.output = (this.output + text).slice(-LOG_TAIL);
      };
    };
    child.stdout!.on("data", stream());
    child.stderr!.on("data", stream());
    child.on("message", async (a: Answer) => {
      if (this.waiting?.child !== child || this.waiting.id !== a.id) return;
      const waiting = this.waiting;
      await this.endLines(a.id);
      if (this.waiting === waiting) waiting.done(a);
    });
    child.on("exit", (code, signal) => {
      if (this.child === child) this.child = null;
      // A worker stopped on purpose (restart, timeout) has no job waiting any more.
      if (this.waiting?.child !== child) return;
      // Exit 0 is a worker leaving on its own (idle, BUILD_WORKER_IDLE_MINUTES) as the job arrived: a new one takes it.
      if (code === 0) return this.waiting.done({ id: this.waiting.id, ok: false, restart: true });
      this.output += `\nbuild worker exited (${code ?? signal})`;
      this.waiting.done(null);
    });
    child.on("error", (e) => {
      this.output += `\n${e.message}`;
    });
    this.child = child;
    return child;
  }
}
