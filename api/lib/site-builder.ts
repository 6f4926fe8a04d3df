import { mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export type BuildReport = {
  id: string;
  ok: boolean;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** Last part of the build output, enough to see why a build failed. */
  log: string;
};

export type BuilderStatus = { building: boolean; queued: boolean; live: string | null; last: BuildReport | null };

type Options = {
  /** Folder holding builds/<id>/ and the `current` symlink. */
  siteDir: string;
  /** Where the build reads the API from (this server's own loopback address). */
  apiOrigin: string;
  /** Called after a successful swap, with the new live folder. */
  onSwap: (liveDir: string) => void;
  /** Override for tests: the command that builds into BUILD_OUT_DIR. */
  command?: string[];
  extraEnv?: Record<string, string>;
};

const KEEP_BUILDS = 2;
const LOG_TAIL = 20_000;

/**
 * Rebuilds the static site without downtime: each build goes to a fresh folder; on success a symlink is renamed
 * over `current` (rename is atomic, so a request sees the old site or the new one, never half of each). One build
 * runs at a time; requests made during a build are coalesced into a single follow-up build. A failed build leaves
 * the live site untouched and its log readable through status().
 */
export class SiteBuilder {
  private running: Promise<BuildReport> | null = null;
  private queued: Promise<BuildReport> | null = null;
  private last: BuildReport | null = null;
  readonly siteDir: string;

  constructor(private readonly opts: Options) {
    this.siteDir = resolve(opts.siteDir);
    mkdirSync(join(this.siteDir, "builds"), { recursive: true });
  }

  /** The live build folder, or null before the first successful build. */
  liveDir(): string | null {
    try {
      return resolve(this.siteDir, readlinkSync(join(this.siteDir, "current")));
    } catch {
      return null;
    }
  }

  status(): BuilderStatus {
    return { building: this.running !== null, queued: this.queued !== null, live: this.liveDir(), last: this.last };
  }

  /** Starts a build, or joins the one queued behind the running build. Resolves when that build is done. */
  requestBuild(): Promise<BuildReport> {
    if (!this.running) {
      this.running = this.run().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    if (!this.queued) {
      this.queued = this.running.then(() => {
        this.queued = null;
        return this.requestBuild();
      });
    }
    return this.queued;
  }

  private async run(): Promise<BuildReport> {
    const started = new Date();
    const id = `${started.getTime()}-${Math.random().toString(36).slice(2, 8)}`;
    const outDir = join(this.siteDir, "builds", id);
    const command = this.opts.command ?? [process.execPath, "scripts/build-site.ts"];
    const proc = Bun.spawn(command, {
      env: {
        ...process.env,
        ...this.opts.extraEnv,
        BUILD_OUT_DIR: outDir,
        API_ORIGIN: this.opts.apiOrigin,
        ASTRO_TELEMETRY_DISABLED: "1",
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    const log = `${stdout}\n${stderr}`.slice(-LOG_TAIL);
    const ok = code === 0;
    if (ok) this.swap(id);
    else rmSync(outDir, { recursive: true, force: true });
    const finished = new Date();
    const report: BuildReport = {
      id,
      ok,
      startedAt: started.toISOString(),
      finishedAt: finished.toISOString(),
      durationMs: finished.getTime() - started.getTime(),
      log: ok ? log : `${log}\nexit code ${code}`,
    };
    this.last = report;
    writeFileSync(join(this.siteDir, "last-build.log"), report.log);
    if (!ok) console.error(`site build ${id} failed (exit ${code}); the previous site stays live`);
    return report;
  }

  private swap(id: string) {
    const tmp = join(this.siteDir, `current.${id}`);
    symlinkSync(join("builds", id), tmp);
    renameSync(tmp, join(this.siteDir, "current"));
    this.opts.onSwap(join(this.siteDir, "builds", id));
    this.prune(id);
  }

  /** Keeps the newest builds only; the previous one stays a while for requests already reading it. */
  private prune(liveId: string) {
    const all = readdirSync(join(this.siteDir, "builds")).sort();
    const old = all.filter((b) => b !== liveId).slice(0, Math.max(0, all.length - KEEP_BUILDS));
    for (const b of old) rmSync(join(this.siteDir, "builds", b), { recursive: true, force: true });
  }
}
