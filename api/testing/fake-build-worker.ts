/**
 * Stand-in for scripts/build-worker.ts in BuildWorkerClient tests. Prints its pid with every job. A job's `out`
 * says what to do: ".../restart-once" answers `restart` from a worker that already built, ".../crash" exits,
 * ".../hang" never answers, ".../leave-once" exits 0 the first time (a worker leaving when idle as the job
 * arrives); anything else is built (a file written) and answered ok.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { END_OF_JOB } from "../lib/build-worker-client";

let built = 0;
process.on("message", (job: { id: string; out: string }) => {
  console.log(`worker ${process.pid} job ${basename(job.out)}`);
  const what = basename(job.out);
  if (what === "crash") process.exit(3);
  if (what === "hang") return;
  if (what === "leave-once" && !existsSync(`${job.out}.left`)) {
    mkdirSync(dirname(job.out), { recursive: true });
    writeFileSync(`${job.out}.left`, "");
    process.exit(0);
  }
  if (what === "restart-once" && built > 0) return process.send!({ id: job.id, ok: false, restart: true });
  mkdirSync(job.out, { recursive: true });
  writeFileSync(join(job.out, "index.html"), "<title>ok</title>");
  built++;
  process.stdout.write(`\n${END_OF_JOB}${job.id}\n`);
  process.stderr.write(`\n${END_OF_JOB}${job.id}\n`);
  process.send!({ id: job.id, ok: true });
});
process.on("disconnect", () => process.exit(0));
