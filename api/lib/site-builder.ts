import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { BuildWorkerClient } from "./build-worker-client";
import {
  emptyTrash,
  type Generation,
  publishInPlace,
  type PublishTimings,
  readGeneration,
  rollForward,
  STAGING,
  writeAtomic,
  writeFullGeneration,
} from "./publish-in-place";
import type { Change } from "./change";
import type { SharedBuildTurns } from "./redis/build-turns";

export type BuildReport = {
  id: string;
  ok: boolean;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** Last part of the build output, enough to see why a build failed. */
  log: string;
  /** The writes this build carried (empty for the build at start or a manual one). */
  changes: Change[];
  /** True when the build was stopped for running longer than the timeout. */
  timedOut?: boolean;
  /** "partial": only pages whose data changed were rendered, the others carried over from the live build. */
  mode?: BuildMode;
  /** Set on a build the builder started by itself to recover from the failed build with this id. */
  retryOf?: string;
};

/**
 * What the pipeline did about its latest failure (issue 31 §4), for the « Site » screen: the failed build, how many
 * automatic retries followed, whether one succeeded, and when the next one runs if none did yet.
 */
export type Recovery = {
  failedId: string;
  failedAt: string;
  /** Builds started by the builder itself since that failure (a full build at once, then later tries). */
  retries: number;
  recovered: boolean;
  recoveredAt: string | null;
  nextRetryAt: string | null;
};

export type BuildMode = "full" | "partial";

/** The build running now: when it started and which changes it carries. */
export type RunningBuild = { id: string; startedAt: string; changes: Change[] };

export type BuilderStatus = {
  building: boolean;
  queued: boolean;
  live: string | null;
  /** The latest finished build, whatever its outcome. */
  last: BuildReport | null;
  current: RunningBuild | null;
  /** Changes waiting for the next build. */
  pending: Change[];
  /** The build now live (kept across restarts) and the latest failed one; logs only on the failure. */
  lastSuccess: BuildReport | null;
  lastFailure: BuildReport | null;
  /** The latest failure and what the builder did about it; null when no build has failed (kept across restarts). */
  recovery: Recovery | null;
};

type Options = {
  /** Folder holding builds/<id>/ and the `current` symlink. */
  siteDir: string;
  /** Where the build reads the API from (this server's own loopback address). */
  apiOrigin: string;
  /**
   * Called after a successful swap, with the new live folder; `built` is false when another API process built it
   * (`shared`): this one only follows.
   */
  onSwap: (liveDir: string, built: boolean) => void | Promise<void>;
  /**
   * Called after a publication in place (issue 31 §2) into the live folder `liveDir`, with the new generation and
   * the files it changed; the build is reported done once it resolves (every process serves the new generation).
   * Without it, onSwap is called (the whole cache dropped).
   */
  onPublish?: (liveDir: string, generation: Generation, built: boolean) => void | Promise<void>;
  /**
   * Override for tests: a command that builds into BUILD_OUT_DIR, one process per build. Without it, builds go to
   * the long-lived build worker (scripts/build-worker.ts), which keeps Astro's renderer warm between builds.
   */
  command?: string[];
  extraEnv?: Record<string, string>;
  /**
   * A build running longer is killed and reported failed (default 10 minutes); a function is asked before each
   * build (the server's limit grows with the site: api/lib/build-timeout.ts).
   */
  timeoutMs?: number | (() => number | Promise<number>);
  /** Old builds are deleted once no build has run for this long (default PRUNE_DELAY_MS; 0: at once). */
  pruneDelayMs?: number;
  /**
   * With REDIS_URL: one build at a time across the API processes sharing this siteDir (api/lib/redis/build-turns.ts).
   * Without it, this process alone decides.
   */
  shared?: SharedBuildTurns<BuildReport>;
  /**
   * After a failed build (its full retry included), the builder tries again by itself after each of these delays in
   * turn, then every last one (default RETRY_DELAYS_MS); [] for no later tries.
   */
  retryDelaysMs?: number[];
  /** How often a process waiting for another's build looks again (default 500 ms). */
  sharedPollMs?: number;
  /**
   * Called once this process's request is counted in Redis: the other processes, told then, follow the build that
   * covers it (told earlier, they could miss it).
   */
  onSharedRequest?: () => void;
};

const KEEP_BUILDS = 2;
/**
 * Deleting a build (tens of thousands of files at 5,000 articles) makes the files created soon after slow to
 * create on this filesystem (ext4 skips the freed inodes for a while: up to 1 ms a file, measured): old builds
 * go when the builder has been quiet this long, not between two builds of a burst of writes.
 */
const PRUNE_DELAY_MS = 30_000;
/** Publications whose replaced files the trash holds at most while the builder is never quiet (see boundTrash). */
const TRASH_MOST = 16;
const LOG_TAIL = 20_000;
/** A burst of writes (an import) must not grow the report without bound; the newest changes are the useful ones. */
const MAX_CHANGES = 50;
const DEFAULT_TIMEOUT_MS = 10 * 60_000;
const HISTORY = "history.json";
/**
 * A build that failed twice (partial, then full) failed for a reason outside the code path: the disk full, the API
 * unreachable, a page that throws on some data. The changes wait and the builder tries again, more and more
 * rarely, so they go live once the fault clears without anyone pressing « Reconstruire le site ».
 */
const RETRY_DELAYS_MS = [10_000, 30_000, 60_000, 5 * 60_000, 10 * 60_000];

/** The folder of SITE_DIR where the build worker saves its renderer for the next workers and « Aperçu ». */
export const RENDERERS = "renderers";

/**
 * Rebuilds the static site without downtime: each build goes to a fresh folder; on success a symlink is renamed
 * over `current` (rename is atomic, so a request sees the old site or the new one, never half of each). One build
 * runs at a time; requests made during a build are coalesced into a single follow-up build, which carries all
 * their changes. A failed or hung build leaves the live site untouched and its log readable through status().
 */
export class SiteBuilder {
  private running: Promise<BuildReport> | null = null;
  private queued: Promise<BuildReport> | null = null;
  private current: RunningBuild | null = null;
  private pending: Change[] = [];
  private last: BuildReport | null = null;
  private lastSuccess: BuildReport | null = null;
  private lastFailure: BuildReport | null = null;
  private recovery: Recovery | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  readonly siteDir: string;
  private readonly worker: BuildWorkerClient | null;
  private pruneTimer: ReturnType<typeof setTimeout> | null = null;
  /** The build folder this process serves (its own swap, or another process's build it followed). */
  private servedDir: string | null = null;
  /** The generation of that folder this process serves (api/lib/publish-in-place.ts). */
  private servedGeneration = 0;
  /** The last time limit `opts.timeoutMs` gave, when it is a function (see `timeLimit`). */
  private knownLimitMs: number | null = null;

  constructor(private readonly opts: Options) {
    this.siteDir = resolve(opts.siteDir);
    this.worker = opts.command
      ? null
      : new BuildWorkerClient([process.execPath, "scripts/build-worker.ts"], {
          ...process.env,
          ...opts.extraEnv,
          API_ORIGIN: opts.apiOrigin,
          ASTRO_TELEMETRY_DISABLED: "1",
          // The worker's renderer, saved for the workers after it (scripts/saved-renderer.ts).
          BUILD_RENDERER_DIR: join(this.siteDir, RENDERERS),
        });
    mkdirSync(join(this.siteDir, "builds"), { recursive: true });
    // A publication in place a crash interrupted is finished before anything is served. With shared turns another
    // process may be building into staging now: the holder of the lock finishes it before its next build instead.
    if (!opts.shared) this.finishPublication();
    this.servedDir = this.liveDir();
    this.servedGeneration = readGeneration(this.servedDir)?.generation ?? 0;
    this.readHistory();
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
    return {
      building: this.running !== null,
      queued: this.queued !== null,
      live: this.liveDir(),
      last: this.last,
      current: this.current,
      pending: [...this.pending],
      lastSuccess: this.lastSuccess,
      lastFailure: this.lastFailure,
      recovery: this.recovery,
    };
  }

  /**
   * Starts a build, or joins the one queued behind the running build. Resolves when that build is done.
   * `change` names what the caller wrote; the build that picks it up lists it in its report.
   */
  requestBuild(change?: Change): Promise<BuildReport> {
    if (change) this.remember(change);
    if (this.opts.shared) return this.sharedRequest(change);
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

  /**
   * Another process changed public content (pub/sub): wait for the build covering what was asked so far, and serve
   * it. Takes the build over if its requester is gone.
   */
  async follow(): Promise<void> {
    const shared = this.opts.shared;
    if (!shared) return;
    const asked = await this.retrying(() => shared.requested());
    await this.untilBuilt(shared, asked);
  }

  private async sharedRequest(change?: Change): Promise<BuildReport> {
    const shared = this.opts.shared!;
    const full = change?.kind === "site" || this.liveDir() === null;
    const mine = await this.retrying(() => shared.request(full));
    this.opts.onSharedRequest?.();
    return this.untilBuilt(shared, mine);
  }

  /**
   * The report of the build that covers generation `target`: another process's, or this one's when the lock is
   * free (then it builds everything asked so far). While Redis is down, it keeps trying: writes are stored
   * already, the site catches up when Redis is back.
   */
  private async untilBuilt(shared: SharedBuildTurns<BuildReport>, target: number): Promise<BuildReport> {
    for (;;) {
      const built = await this.retrying(() => shared.built());
      // The newest build is served at once, even while waiting for the one that covers this request.
      if (built) this.adopt(built.report);
      if (built && built.generation >= target) return built.report;
      if (!this.running && (await this.retrying(() => shared.tryLead()))) {
        try {
          // Another process may have finished the covering build between the look above and taking the lock.
          const since = await shared.built();
          if (since && since.generation >= target) {
            this.adopt(since.report);
            return since.report;
          }
          const covered = await shared.requested();
          const full = await shared.takeFull();
          const renew = setInterval(() => void shared.renew().catch(() => {}), shared.lockMs / 3);
          let report: BuildReport;
          try {
            this.running = this.run(full ? "full" : undefined);
            report = await this.running;
          } finally {
            this.running = null;
            clearInterval(renew);
          }
          await this.retrying(() => shared.markBuilt(covered, report));
          // This build started after the request was counted, so it covers it, whatever the numbers say (a Redis
          // restarted empty counts from 0 again: waiting for the old number would build forever).
          return report;
        } catch (e) {
          console.error("Redis unreachable during a shared build, trying again:", (e as Error).message);
        } finally {
          await shared.release().catch(() => {});
        }
        continue;
      }
      await Bun.sleep(this.opts.sharedPollMs ?? 500);
    }
  }

  /** Redis calls of the shared turns: a failure waits and tries again (builds retry, docs/SCALING.md). */
  private async retrying<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call();
      } catch (e) {
        if (attempt === 0) console.error("Redis unreachable, the site build waits for it:", (e as Error).message);
        await Bun.sleep(1_000);
      }
    }
  }

  /** Another process's build: serve its folder (once) and show its report. */
  private adopt(report: BuildReport) {
    if (report.id === this.last?.id) return;
    this.last = report;
    if (report.ok) this.lastSuccess = { ...report, log: "" };
    else this.lastFailure = report;
    const live = this.liveDir();
    const generation = readGeneration(live);
    if (report.ok && live && live !== this.servedDir) {
      this.servedDir = live;
      this.servedGeneration = generation?.generation ?? 0;
      void this.opts.onSwap(live, false);
    } else if (report.ok && live && generation && generation.generation !== this.servedGeneration) {
      // Published in place by another process: the files of that generation only, if it is the next one.
      const next = generation.generation === this.servedGeneration + 1 && generation.files !== null;
      this.servedGeneration = generation.generation;
      if (next && this.opts.onPublish) void this.opts.onPublish(live, generation, false);
      else void this.opts.onSwap(live, false);
    }
  }

  private remember(change: Change) {
    this.pending = this.pending.filter((c) => c.kind !== change.kind || c.id !== change.id);
    this.pending.push(change);
    if (this.pending.length > MAX_CHANGES) this.pending = this.pending.slice(-MAX_CHANGES);
  }

  /**
   * One build of everything pending. A partial build that fails is retried at once as a full build by a fresh
   * worker (a warm renderer that broke, or a live build that cannot be a base, is then out of the way); if that
   * fails too, the changes go back to the pending list and a later try is scheduled (RETRY_DELAYS_MS).
   */
  private async run(force?: BuildMode): Promise<BuildReport> {
    // This build is the next try: the one planned is not needed any more.
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.recovery?.nextRetryAt) this.recovery = { ...this.recovery, nextRetryAt: null };
    const changes = this.pending;
    this.pending = [];
    const automatic = this.retryDue;
    this.retryDue = false;
    const priming = this.primeDue;
    this.primeDue = false;
    // A scheduled try goes straight to a full build: the partial one has failed already.
    const mode = force ?? (automatic ? "full" : this.modeFor(changes));
    // A build that only primes a fresh worker (no write joined it) publishes the same site: the screen keeps
    // showing the version it follows (the rebuild an administrator asked for, say) as the live one.
    let report = await this.attempt(mode, changes, automatic ? this.recovery?.failedId : undefined, priming && changes.length === 0);
    if (!report.ok && mode === "partial" && !this.stopped) {
      this.worker?.stop();
      this.noteFailure(report);
      this.recovery!.retries++;
      report = await this.attempt("full", changes, report.id);
    }
    // Not after a priming build's own full retry: a worker that cannot prime would retire and fail again forever.
    if (report.ok && this.primeNext && !priming && !this.stopped) {
      // The worker that ran Astro's build was stopped to give its memory back (scripts/build-worker.ts). A build
      // at once, with no change of its own, lets the fresh worker list the site while nobody waits: the next
      // write's build then lists only what it changed (site/src/lib/listing-scope.ts), as before the retirement.
      // Writes made meanwhile join it.
      this.primeNext = false;
      this.primeDue = true;
      void this.requestBuild();
    }
    if (report.ok) {
      if (this.recovery && !this.recovery.recovered) {
        this.recovery = { ...this.recovery, recovered: true, recoveredAt: report.finishedAt, nextRetryAt: null };
      }
      this.retryCount = 0;
    } else {
      // Put back before anything asked for meanwhile, so nothing written is lost (a later write of the same item
      // stays, being the newer).
      const later = this.pending;
      this.pending = [];
      for (const c of [...changes, ...later]) this.remember(c);
      this.noteFailure(report);
      this.scheduleRetry();
    }
    this.writeHistory();
    return report;
  }

  /** The last build's worker retired: a build follows to prime a fresh one. */
  private primeNext = false;
  /** The next run is that priming build. */
  private primeDue = false;
  /** How many scheduled tries since the last success (picks the next delay). */
  private retryCount = 0;
  /** The next run is one the builder started by itself (a scheduled try). */
  private retryDue = false;

  /** A failure opens a recovery, unless one is open already (the failure it follows is the one to report). */
  private noteFailure(failed: BuildReport) {
    if (this.recovery && !this.recovery.recovered) return;
    this.recovery = { failedId: failed.id, failedAt: failed.finishedAt, retries: 0, recovered: false, recoveredAt: null, nextRetryAt: null };
  }

  private scheduleRetry() {
    const delays = this.opts.retryDelaysMs ?? RETRY_DELAYS_MS;
    if (this.stopped || delays.length === 0 || !this.recovery) return;
    const delay = delays[Math.min(this.retryCount, delays.length - 1)]!;
    this.retryCount++;
    this.recovery = { ...this.recovery, nextRetryAt: new Date(Date.now() + delay).toISOString() };
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.stopped || !this.recovery || this.recovery.recovered) return;
      this.recovery = { ...this.recovery, retries: this.recovery.retries + 1, nextRetryAt: null };
      this.retryDue = true;
      void this.requestBuild();
    }, delay);
    this.retryTimer.unref?.();
  }

  /** `unlisted`: a success does not become the live version the screen shows (a priming build with no change). */
  private async attempt(mode: BuildMode, changes: Change[], retryOf?: string, unlisted = false): Promise<BuildReport> {
    const started = new Date();
    const id = `${started.getTime()}-${Math.random().toString(36).slice(2, 8)}`;
    this.current = { id, startedAt: started.toISOString(), changes };
    this.finishPublication();
    const live = this.liveDir();
    // A partial build by the build worker is staged, then published into the live folder (issue 31 §2).
    const inPlace = mode === "partial" && this.worker !== null && live !== null;
    const outDir = join(this.siteDir, inPlace ? STAGING : "builds", id);
    const timeoutMs = await this.timeLimit();
    const { code, output, timedOut, staged, retired } = await this.spawnBuild(outDir, mode, timeoutMs, inPlace);
    const answered = Date.now();
    let log = output.slice(-LOG_TAIL);
    let ok = code === 0 && !timedOut;
    // A publication that failed half-way keeps its staging folder: its journal finishes it before the next build.
    let keepStaging = false;
    if (ok) {
      try {
        if (staged) {
          const times = await this.publish(outDir, live!);
          // Where the time after the build went (bench/change-to-live.ts prints it).
          const t = times.timings;
          log +=
            `\ntimeline: build answered at ${answered - started.getTime()} ms, published in place at ${times.published - started.getTime()} ms ` +
            `(journal ${t.journal}, renames ${t.renames}, removals ${t.removals}, generation and staging ${t.finish} ms), every process serving it at ${times.served - started.getTime()} ms`;
        } else {
          // A whole folder made in staging (the worker needed Astro): it becomes a build folder, swapped in.
          if (inPlace) renameSync(outDir, join(this.siteDir, "builds", id));
          await this.swap(id);
        }
      } catch (e) {
        ok = false;
        keepStaging = staged === true;
        log += `\npublication failed: ${(e as Error).message}`;
        // Never the folder now live (a failure after the swap itself).
        const built = resolve(this.siteDir, "builds", id);
        if (this.liveDir() !== built) rmSync(built, { recursive: true, force: true });
      }
    }
    if (!ok && !keepStaging) rmSync(outDir, { recursive: true, force: true });
    if (timedOut) log += `\nLa construction a dépassé ${Math.round(timeoutMs / 1000)} s et a été arrêtée\u00a0; le site en ligne est inchangé.`;
    else if (!ok) log += `\nexit code ${code}`;
    const finished = new Date();
    const report: BuildReport = {
      id,
      ok,
      startedAt: started.toISOString(),
      finishedAt: finished.toISOString(),
      durationMs: finished.getTime() - started.getTime(),
      log,
      changes,
      mode,
      ...(timedOut ? { timedOut } : {}),
      ...(retryOf ? { retryOf } : {}),
    };
    this.last = report;
    this.current = null;
    this.primeNext = ok && retired === true;
    if (!ok) this.lastFailure = report;
    else if (!unlisted) this.lastSuccess = { ...report, log: "" };
    try {
      writeFileSync(join(this.siteDir, "last-build.log"), report.log);
    } catch (e) {
      // The disk may be full: the report stays in memory, the build is retried.
      console.error(`site build log not written: ${(e as Error).message}`);
    }
    if (!ok) console.error(`site build ${id} (${mode}) failed (${timedOut ? "timed out" : `exit ${code}`}); the previous site stays live`);
    return report;
  }

  /**
   * A build renders only the pages whose data changed (scripts/partial-build.ts finds them from the data itself,
   * whatever the change) unless there is no live build to start from, or an administrator asked for a rebuild of
   * the whole site. The build script itself falls back to a full build when the live one was made by other code.
   */
  private modeFor(changes: Change[]): BuildMode {
    return this.liveDir() !== null && !changes.some((c) => c.kind === "site") ? "partial" : "full";
  }

  /**
   * This build's time limit; a limit that cannot be worked out is the default, never none. A limit given as a
   * function is asked for the next build while this one runs (the server counts the site's items): only the first
   * build waits for the answer, the others take the last one and stay off the path from a write to the site.
   */
  private async timeLimit(): Promise<number> {
    const limit = this.opts.timeoutMs;
    if (typeof limit !== "function") return limit ?? DEFAULT_TIMEOUT_MS;
    const asked = (async () => {
      try {
        const ms = await limit();
        if (Number.isFinite(ms) && ms > 0) this.knownLimitMs = ms;
      } catch (e) {
        console.error(`site build time limit not worked out (${(e as Error).message}); the last one or ${DEFAULT_TIMEOUT_MS / 1000} s`);
      }
      return this.knownLimitMs ?? DEFAULT_TIMEOUT_MS;
    })();
    return this.knownLimitMs ?? (await asked);
  }

  /**
   * Sends the build to the long-lived build worker, or with `command` (tests) runs that command; either runs in its
   * own process group, so a hung build is killed with everything it started (Astro and Pagefind are grandchildren:
   * killing only the child would leave them running).
   */
  private spawnBuild(
    outDir: string,
    mode: BuildMode,
    timeoutMs: number,
    inPlace = false,
  ): Promise<{ code: number | null; output: string; timedOut: boolean; staged?: boolean; retired?: boolean }> {
    if (this.worker) return this.worker.run({ out: outDir, previous: this.liveDir() ?? "", mode, inPlace }, timeoutMs);
    const [cmd, ...args] = this.opts.command!;
    const child = spawn(cmd!, args, {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        ...this.opts.extraEnv,
        BUILD_OUT_DIR: outDir,
        // The live build: files whose bytes did not change reuse its compressed copies (scripts/compress.ts).
        BUILD_PREVIOUS_DIR: this.liveDir() ?? "",
        BUILD_MODE: mode,
        API_ORIGIN: this.opts.apiOrigin,
        ASTRO_TELEMETRY_DISABLED: "1",
      },
    });
    let output = "";
    // Only the tail is kept; a chatty build must not grow the server's memory.
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-LOG_TAIL * 2);
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, timeoutMs);
    return new Promise((done) => {
      child.on("error", (e) => {
        clearTimeout(timer);
        done({ code: null, output: `${output}\n${e.message}`, timedOut });
      });
      child.on("close", (code) => {
        clearTimeout(timer);
        done({ code, output, timedOut });
      });
    });
  }

  /** Stops the build worker and any later try (the server is going away). */
  stop() {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.worker?.stop();
  }

  private async swap(id: string) {
    const dir = join(this.siteDir, "builds", id);
    const generation = writeFullGeneration(dir, this.liveDir(), id);
    const tmp = join(this.siteDir, `current.${id}`);
    symlinkSync(join("builds", id), tmp);
    renameSync(tmp, join(this.siteDir, "current"));
    this.servedDir = resolve(dir);
    this.servedGeneration = generation.generation;
    this.schedulePrune(id);
    // The build is done once every process serves it.
    await this.opts.onSwap(dir, true);
  }

  /**
   * Renames the staged files into the live folder (api/lib/publish-in-place.ts), then has every process drop the
   * files of this generation from its memory before the build is reported done.
   */
  private async publish(staging: string, live: string): Promise<{ published: number; served: number; timings: PublishTimings }> {
    const timings: PublishTimings = { journal: 0, renames: 0, removals: 0, finish: 0 };
    const generation = publishInPlace(this.siteDir, staging, live, undefined, timings);
    const published = Date.now();
    // The files it replaced or removed wait in the trash until the builder is quiet, or until it holds more than
    // TRASH_MOST publications' (back-to-back builds are never quiet: 25 MB of manifest each at 50,000 articles).
    this.schedulePrune(basename(live));
    this.boundTrash();
    this.servedGeneration = generation.generation;
    if (this.opts.onPublish) await this.opts.onPublish(live, generation, true);
    else await this.opts.onSwap(live, true);
    return { published, served: Date.now(), timings };
  }

  private trashBounding: Promise<void> | null = null;
  /** Past TRASH_MOST folders, the older half of the trash is emptied (off the event loop, one emptying at a time). */
  private boundTrash() {
    this.trashBounding ??= emptyTrash(this.siteDir, { keep: TRASH_MOST / 2, over: TRASH_MOST })
      .catch((e: Error) => console.error(`emptying the site's trash failed: ${e.message}`))
      .finally(() => (this.trashBounding = null));
  }

  /** A publication in place cut short (kill -9 of the server) is finished; a failure leaves it for the next try. */
  private finishPublication() {
    try {
      const done = rollForward(this.siteDir);
      if (done) console.log(`site generation ${done.generation}: publication in place finished after an interruption`);
    } catch (e) {
      console.error(`finishing an interrupted publication failed: ${(e as Error).message}`);
    }
  }

  private schedulePrune(liveId: string) {
    if (this.pruneTimer) clearTimeout(this.pruneTimer);
    const delay = this.opts.pruneDelayMs ?? PRUNE_DELAY_MS;
    if (delay <= 0) return this.prune(liveId);
    this.pruneTimer = setTimeout(() => {
      this.pruneTimer = null;
      if (this.running) this.schedulePrune(liveId);
      else this.prune(liveId);
    }, delay);
    this.pruneTimer.unref?.();
  }

  /**
   * Keeps the newest builds only; the previous one stays a while for requests already reading it. Empties the
   * trash of the publications in place (api/lib/publish-in-place.ts `TRASH`).
   */
  private prune(liveId: string) {
    const all = readdirSync(join(this.siteDir, "builds")).sort();
    const old = all.filter((b) => b !== liveId).slice(0, Math.max(0, all.length - KEEP_BUILDS));
    for (const b of old) rmSync(join(this.siteDir, "builds", b), { recursive: true, force: true });
    emptyTrash(this.siteDir).catch((e: Error) => console.error(`emptying the site's trash failed: ${e.message}`));
  }

  /** The live build's report survives a restart, so "when was the site last built" has an answer at once. */
  private readHistory() {
    const path = join(this.siteDir, HISTORY);
    if (!existsSync(path)) return;
    try {
      const h = JSON.parse(readFileSync(path, "utf8")) as {
        lastSuccess?: BuildReport | null;
        lastFailure?: BuildReport | null;
        recovery?: Recovery | null;
      };
      this.lastSuccess = h.lastSuccess ?? null;
      this.lastFailure = h.lastFailure ?? null;
      // A try scheduled by the previous process is not; the build at start takes its place.
      this.recovery = h.recovery ? { ...h.recovery, nextRetryAt: null } : null;
    } catch {
      // A damaged history only loses the report, never the site.
    }
  }

  private writeHistory() {
    try {
      writeAtomic(join(this.siteDir, HISTORY), JSON.stringify({ lastSuccess: this.lastSuccess, lastFailure: this.lastFailure, recovery: this.recovery }));
    } catch (e) {
      // The disk may be full: the history catches up with the next build that can write it.
      console.error(`site build history not written: ${(e as Error).message}`);
    }
  }
}
