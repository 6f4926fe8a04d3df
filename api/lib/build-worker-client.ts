import { type ChildProcess, spawn } from "node:child_process";

/** What a build job asks of scripts/build-worker.ts (its WorkerJob). */
export type BuildWorkerJob = { out: string; previous: string; mode: "full" | "partial" };
type Answer = { id: string; ok: boolean; restart?: boolean };

export type BuildWorkerResult = { code: number | null; output: string; timedOut: boolean };

const LOG_TAIL = 40_000;

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
    if (!answer) this.stop();
    return { code: answer ? (answer.ok ? 0 : 1) : null, output: this.output, timedOut };
  }

  /** Stops the worker and everything it started. */
  stop() {
    const child = this.child;
    this.child = null;
    if (!child?.pid) return;
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      child.kill("SIGKILL");
    }
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

  private start(): ChildProcess {
    const [cmd, ...args] = this.command;
    // Its own process group, so a hung build is killed with the Astro or Pagefind processes it started.
    const child = spawn(cmd!, args, { detached: true, stdio: ["ignore", "pipe", "pipe", "ipc"], env: this.env });
    const collect = (chunk: Buffer) => {
      // Only the tail is kept; a chatty build must not grow the server's memory.
      this.output = (this.output + chunk.toString()).slice(-LOG_TAIL);
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    child.on("message", (a: Answer) => {
      if (this.waiting?.child === child && this.waiting.id === a.id) this.waiting.done(a);
    });
    child.on("exit", (code, signal) => {
      if (this.child === child) this.child = null;
      // A worker stopped on purpose (restart, timeout) has no job waiting any more.
      if (this.waiting?.child !== child) return;
      this.output += `\nbuild worker exited (${code ?? signal})`;
      this.waiting.done(null);
    });
    child.on("error", (e) => {
      this.output += `\n${e.message}`;
    });
    // The server does not wait for its build worker to exit.
    child.unref();
    this.child = child;
    return child;
  }
}
