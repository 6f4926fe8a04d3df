import type { ChildProcess } from "node:child_process";
import { killGroup, spawnOwned } from "./owned-process";

/** What « Aperçu » gets: the page, or why there is none (the route then shows the French failure page). */
export type PreviewResult = { ok: true; html: string } | { ok: false; reason: "failed" | "timeout" | "stopped"; detail?: string };

type Answer = { id: string; html?: string; error?: string };

/**
 * The server's side of the « Aperçu » process (scripts/preview-worker.ts, issue 31 §5): its own warm renderer, apart
 * from the build worker, so a preview never waits for a site build. Started on first use (or by `warm()` once the
 * site is up), one process for every preview; a process that dies or does not answer in time is replaced at the
 * next preview. Its renders are queued in the process, one at a time.
 */
export class PreviewRenderer {
  private child: ChildProcess | null = null;
  /** Renders waiting for their answer, by id, with the process they were sent to. */
  private waiting = new Map<string, { child: ChildProcess; finish: (r: PreviewResult) => void }>();
  private log = "";
  private stopped = false;

  constructor(
    private readonly command: string[],
    private readonly env: Record<string, string | undefined>,
  ) {}

  /** Starts the process now, so the first « Aperçu » does not wait for its Astro start. */
  warm(): void {
    if (!this.stopped && !this.child) this.start();
  }

  /**
   * Public content changed (every write, api/server.ts `contentChanged`): the process fetches the API's answers
   * again at its next preview (it keeps them between previews).
   */
  contentChanged(): void {
    this.child?.send({ type: "content-changed" });
  }

  /** The process's id, or null when none runs (tests kill it to play a crash). */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** `article`'s page with its working text. `timeoutMs` covers the process's start when it was not running. */
  render(article: unknown, timeoutMs = 60_000): Promise<PreviewResult> {
    if (this.stopped) return Promise.resolve({ ok: false, reason: "stopped" });
    const child = this.child ?? this.start();
    const id = Math.random().toString(36).slice(2);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        // A render that hangs would hold every preview behind it: this process goes, the next preview starts another.
        this.kill(child);
        finish({ ok: false, reason: "timeout" });
      }, timeoutMs);
      const finish = (r: PreviewResult) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(r);
      };
      this.waiting.set(id, { child, finish });
      child.send({ id, article });
    });
  }

  stop(): void {
    this.stopped = true;
    if (this.child) this.kill(this.child);
  }

  private kill(child: ChildProcess) {
    if (this.child === child) this.child = null;
    killGroup(child);
  }

  private start(): ChildProcess {
    this.log = "";
    const child = spawnOwned(this.command, this.env);
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-4_000);
    };
    child.stdout!.on("data", keep);
    child.stderr!.on("data", (chunk: Buffer) => {
      keep(chunk);
      process.stderr.write(chunk);
    });
    child.on("message", (a: Answer) => {
      const finish = this.waiting.get(a.id)?.finish;
      if (!finish) return;
      finish(a.html !== undefined ? { ok: true, html: a.html } : { ok: false, reason: "failed", detail: a.error });
    });
    child.on("exit", (code, signal) => {
      if (this.child === child) this.child = null;
      const mine = [...this.waiting.values()].filter((w) => w.child === child);
      for (const { finish } of mine) finish({ ok: false, reason: "failed", detail: `preview process exited (${code ?? signal}): ${this.log.slice(-1_000)}` });
    });
    child.on("error", (e) => keep(Buffer.from(e.message)));
    this.child = child;
    return child;
  }
}
