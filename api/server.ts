/**
 * The file that listens. The primary process serves the API (/api/*), uploaded files (/uploads/*) and the
 * prerendered site, and rebuilds the site in a child process after changes. WEB_WORKERS more processes
 * (api/web-worker.ts) share the port for the site and uploads and pass API calls back here.
 */
import { join } from "node:path";
import { openDatabase, migrateDatabase, refreshStatistics } from "../db/client";
import { mergeSearchIndexes } from "../db/search-indexes";
import { accountLimitsOf, redisAccountLimits } from "./lib/account-limits";
import { SERVED_BY } from "./lib/worker-api";
import { onWorkerMessage, type FromWorker, type ToWorker } from "./lib/worker-ipc";
import { heldBackAtEnrolment } from "./modules/auth/enrolment-gate";
import { RedisLoginLimits } from "./modules/auth/login-limits-redis";
import { RedisConnection } from "./lib/redis/connection";
import { SharedInvalidation } from "./lib/redis/invalidation";
import { createApp } from "./app";
import { EnvError, readEnv, type Env } from "./env";
import { CLIENT_IP_HEADER, parseTrustProxy, resolveClientAddress, withClientIp } from "./lib/client-ip";
import { appsPolicy, createFront, allowLongRequests } from "./lib/front";
import { FORWARDED_URL_HEADER, HOP_HEADER, HOP_SECRET_ENV, hopCheck, hopRefused, newHopSecret } from "./lib/internal-hop";
import { PublicCache } from "./lib/public-cache";
import { BAD_HOST_MESSAGE, pathOf } from "./lib/request-path";
import { configureSecurityHeaders, useBuildScriptHashes } from "./lib/security-headers";
import { deleteExpiredSessions } from "./lib/session";
import { PreviewRenderer } from "./lib/preview-renderer";
import { RENDERERS, SiteBuilder, type BuildReport } from "./lib/site-builder";
import { buildTimeoutMs } from "./lib/build-timeout";
import { countPublished } from "./modules/stats/counts";
import { SharedBuildTurns } from "./lib/redis/build-turns";
import { SitePublisher } from "./lib/site-publish";
import type { PublishManifest } from "./lib/publish-in-place";
import { StaticSite } from "./lib/static-site";
import { sendMissingFiles, useBucketForUploads } from "./lib/storage/s3";
import { maxBodyBytes, sweepTempUploads } from "./lib/uploads/form";
import { MediaFileGate, UPLOAD_ACCESS_PATH } from "./lib/uploads/visibility";
import { startMailWorker } from "./modules/mail/worker";
import { startRegistrationJobs } from "./modules/registrations/jobs";
import { startTrashPurge } from "./modules/trash/purge";
import { startScheduledPublication } from "./modules/schedule/worker";
import type { Change } from "./lib/change";
import { startNotificationDigests } from "./modules/notifications/worker";
import { startNewsletterPurge } from "./modules/newsletter/worker";
import { startChangeFeedPrune } from "./modules/articles/feed-worker";
import { HitCounter, type Hit } from "./modules/audience/counter";
import { AudienceTally } from "./modules/audience/tally";
import { startAudienceFlush } from "./modules/audience/worker";
import { startIssueSender } from "./modules/newsletter-issues/worker";

let env: Env;
try {
  env = readEnv();
} catch (e) {
  if (e instanceof EnvError) {
    console.error(`Configuration error: ${e.message}`);
    process.exit(1);
  }
  throw e;
}
if (env.twoFactorKeyFile) {
  // Said at every start: this file is not in backups, and moving the database without it turns off every
  // authenticator app (api/lib/two-factor-key.ts, README « Configuration »).
  const { path, created } = env.twoFactorKeyFile;
  console.log(
    `${created ? "Generated a random two-factor key into" : "Two-factor key read from"} ${path} (TWO_FACTOR_KEY is not set). ` +
      "It is not included in backups: keep a copy apart and move it with the database.",
  );
}
configureSecurityHeaders({ publicUrl: env.publicUrl });
// Uploads in a bucket when S3_BUCKET is set (api/lib/storage/); UPLOADS_DIR then keeps temp files only.
const bucket = env.s3Uploads ? useBucketForUploads(env.uploadsDir, env.s3Uploads) : null;

const database = await openDatabase(env.databaseUrl, env.databaseAuthToken);
await migrateDatabase(database);
// Expired sessions are deleted when presented; those never presented again are swept here.
await deleteExpiredSessions(database.db);
// Seeding runs in a child process (see db/seed/cli.ts); it does nothing when the database already has users.
const seedRun = Bun.spawnSync(
  [process.execPath, "db/seed/cli.ts", env.seed, ...(env.seed === "demo" ? [env.uploadsDir] : [])],
  {
    env: {
      ...process.env,
      DATABASE_URL: env.databaseUrl,
      DATABASE_AUTH_TOKEN: env.databaseAuthToken ?? "",
      ADMIN_NICKNAME: env.adminNickname ?? "",
      ADMIN_PASSWORD: env.adminPassword ?? "",
    },
    stdout: "inherit",
    stderr: "inherit",
  },
);
if (seedRun.exitCode !== 0) {
  console.error("Seeding failed; see the message above.");
  process.exit(1);
}
// The demo seed writes its pictures under UPLOADS_DIR: with a bucket, they go there too (only those it lacks).
if (bucket && env.seed === "demo") {
  try {
    const sent = await sendMissingFiles(bucket.client, env.uploadsDir);
    if (sent) console.log(`Demo uploads sent to bucket ${env.s3Uploads!.bucket}: ${sent} files.`);
  } catch (e) {
    console.error(`Sending the demo uploads to bucket ${env.s3Uploads!.bucket} failed: ${(e as Error).message}`);
  }
}

// The member and admin apps are bundled once per version of their sources (scripts/build-apps.ts reuses an existing
// bundle), in a child process like the seed, before the first site build; content rebuilds never touch them.
const apps = new StaticSite(appsPolicy);
const appsRun = Bun.spawnSync([process.execPath, "scripts/build-apps.ts"], {
  env: { ...process.env, SITE_DIR: env.siteDir },
  stdout: "pipe",
  stderr: "inherit",
});
const appsDir = appsRun.exitCode === 0 ? appsRun.stdout.toString().trim().split("\n").pop() || null : null;
// The public site works without them; member and admin pages then stay on « Chargement... ».
if (!appsDir) console.error("Bundling the member and admin apps failed; see the message above.");
apps.setRoot(appsDir);

const site = new StaticSite();
// PUBLISH_S3_BUCKET: each live build is also published to a bucket for a CDN (api/lib/site-publish.ts). A failed
// publish is logged; the next one sends whatever the bucket still lacks.
const publisher = env.s3Publish ? new SitePublisher(env.s3Publish) : null;
const publish = (dir: string, changes?: PublishManifest) =>
  publisher?.publish(dir, changes).then(
    (r) => console.log(`Site published to bucket ${env.s3Publish!.bucket}: ${r.sent} sent, ${r.removed} removed, ${r.unchanged} unchanged (${r.ms} ms)`),
    (e) => console.error(`Publishing the site to bucket ${env.s3Publish!.bucket} failed: ${(e as Error).message}`),
  );
type Worker = ReturnType<typeof Bun.spawn>;
const workers = new Set<Worker>();
/**
 * A new site generation told to every static worker (issue 31 §2): resolves once each has answered that it serves
 * it (or has died), so a write's answer that waited for its build finds the same bytes in every process. A worker
 * that does not answer within 2 s is not waited for any longer (a hung worker must not stop the builds).
 */
let siteId = 0;
const siteWaiting = new Map<number, { left: Set<Worker>; done: () => void }>();
function tellWorkersSite(dir: string | null, files: string[] | null): Promise<void> {
  if (workers.size === 0) return Promise.resolve();
  const id = ++siteId;
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      siteWaiting.delete(id);
      resolve();
    }, 2_000);
    const left = new Set(workers);
    const done = () => {
      clearTimeout(timer);
      siteWaiting.delete(id);
      resolve();
    };
    siteWaiting.set(id, { left, done });
    for (const w of [...left]) {
      try {
        w.send({ type: "site", id, dir, files } satisfies ToWorker);
      } catch {
        left.delete(w);
      }
    }
    if (left.size === 0) done();
  });
}
function workerSiteApplied(worker: Worker, id?: number) {
  for (const [key, wait] of siteWaiting) {
    if (id !== undefined && key !== id) continue;
    wait.left.delete(worker);
    if (wait.left.size === 0) wait.done();
  }
}
// Shared state for several API processes when REDIS_URL is set (issue 24); else the limits live in this process.
const redis = env.redisUrl ? new RedisConnection(env.redisUrl) : null;
const builder = new SiteBuilder({
  siteDir: env.siteDir,
  // With Redis, the processes sharing SITE_DIR take turns: one build at a time, one follow-up for many writes.
  shared: redis ? new SharedBuildTurns<BuildReport>(redis) : undefined,
  // Then the other processes clear their caches and follow that build (`invalidation` is made below).
  onSharedRequest: () => void invalidation?.announce(),
  apiOrigin: `http://127.0.0.1:${env.port}`,
  // BUILD_TIMEOUT_S plus an allowance per published item: a whole build of a large site is not a hung one.
  timeoutMs: async () => buildTimeoutMs(env.buildTimeoutS, await countPublished(database.db)),
  // Canonical links, feeds and sitemaps use the validated origin, also when PUBLIC_URL is left to its default.
  extraEnv: { PUBLIC_URL: env.publicUrl },
  onSwap: (dir, built) => {
    // The CSP lists the new build's inline scripts before any of its pages is served.
    useBuildScriptHashes(dir);
    site.setRoot(dir);
    // The process that built it publishes it; the others only serve it.
    if (built) void publish(dir);
    // The build is reported done once every static worker serves it too.
    return tellWorkersSite(dir, null);
  },
  // A generation published in place: every process drops the files it changed, and only those.
  onPublish: (dir, generation, built) => {
    useBuildScriptHashes(dir);
    if (site.root === dir) site.refresh(generation.files);
    else site.setRoot(dir);
    if (built && generation.files) {
      const removed = new Set(generation.removed ?? []);
      void publish(dir, { written: generation.files.filter((f) => !removed.has(f)), removed: [...removed] });
    }
    return tellWorkersSite(dir, generation.files);
  },
});
// « Aperçu » renders in its own process, never behind a site build (issue 31 §5); its out folder is its own.
const previews = new PreviewRenderer([process.execPath, "scripts/preview-worker.ts"], {
  ...process.env,
  API_ORIGIN: `http://127.0.0.1:${env.port}`,
  PUBLIC_URL: env.publicUrl,
  PREVIEW_OUT_DIR: join(env.siteDir, "preview-renderer"),
  // The build worker's saved renderer, loaded instead of an `astro build` of its own (scripts/saved-renderer.ts).
  BUILD_RENDERER_DIR: join(env.siteDir, RENDERERS),
  ASTRO_TELEMETRY_DISABLED: "1",
});
useBuildScriptHashes(builder.liveDir());
site.setRoot(builder.liveDir());
// The live build of the previous run: the bucket may have missed it (only what differs is sent).
if (builder.liveDir()) void publish(builder.liveDir()!);

const publicCache = new PublicCache();
// Uploads are public once their content is approved and online; the set is refreshed after every change (uploads/visibility.ts).
// ADMIN_2FA=required holds an administrator back from private files too until they enrol.
const mediaFiles = new MediaFileGate(database.db, heldBackAtEnrolment({ db: database.db, env }));
let publicMediaFiles = await mediaFiles.refresh();
const refreshMediaFiles = () =>
  mediaFiles.refresh().then((files) => {
    publicMediaFiles = files;
    for (const w of workers) w.send({ type: "uploads", files } satisfies ToWorker);
  });
// Temp files of uploads cut short by a crash; live uploads are minutes old at most.
void sweepTempUploads(env.uploadsDir);
setInterval(() => void sweepTempUploads(env.uploadsDir), 60 * 60 * 1000).unref();
// A site grows between restarts: the planner's statistics are refreshed every six hours too (cheap when nothing
// changed much; nothing is lost if a restart skips one), and the full-text indexes' segments merged, in small steps
// that take turns with the writes (db/search-indexes.ts), at start as well.
void mergeSearchIndexes(database);
setInterval(() => void refreshStatistics(database).then(() => mergeSearchIndexes(database)), 6 * 60 * 60 * 1000).unref();
// Bound below, once the mail worker exists; « Envoyer maintenant » wakes it.
let issueSender: ReturnType<typeof startIssueSender> | undefined;
// A change made through another API process clears this one's public cache and public uploads set too, and this
// process follows the shared build that covers it (api/lib/redis/build-turns.ts), taking it over if need be.
const invalidation =
  redis
    ? new SharedInvalidation(redis.url, redis, () => {
        const cleared = clearPublicAnswers();
        void refreshMediaFiles();
        previews.contentChanged();
        void cleared.then(() => builder.follow());
      })
    : null;
void invalidation?.start();
/**
 * Drops this process's public answers and the workers' own (api/lib/worker-api.ts) together. Resolves once every
 * worker has said so (or after a second, for a worker that is dying): a build must not read a page's data from a
 * worker's stale answer, so the build waits for this, and so does the answer to the write (see answerApi).
 */
let clearId = 0;
/** The last clear sent to the workers: a write's answer waits for it (see answerApi). */
let lastWorkerClear: Promise<void> = Promise.resolve();
const clearsWaiting = new Map<number, { left: Set<Worker>; done: () => void }>();
function clearPublicAnswers(): Promise<void> {
  publicCache.clear();
  if (workers.size === 0) return Promise.resolve();
  const id = ++clearId;
  return (lastWorkerClear = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      clearsWaiting.delete(id);
      resolve();
    }, 1_000);
    const left = new Set(workers);
    clearsWaiting.set(id, {
      left,
      done: () => {
        clearTimeout(timer);
        clearsWaiting.delete(id);
        resolve();
      },
    });
    for (const w of [...left]) {
      try {
        w.send({ type: "public-cache-clear", id } satisfies ToWorker);
      } catch {
        // A worker that just died: its replacement starts with an empty cache.
        left.delete(w);
      }
    }
    if (left.size === 0) clearsWaiting.get(id)?.done();
  }));
}
/** A worker's answer to a clear (or its exit): the clear is done once no worker is left to answer. */
function workerCleared(worker: Worker, id?: number) {
  for (const [key, wait] of clearsWaiting) {
    if (id !== undefined && key !== id) continue;
    wait.left.delete(worker);
    if (wait.left.size === 0) wait.done();
  }
}
const contentChanged = (change?: Change) => {
  // Every change rebuilds the whole site for now; the builder reports which changes each build carried.
  // With Redis, the builder tells the other processes once the request is counted (onSharedRequest above).
  const cleared = clearPublicAnswers();
  void refreshMediaFiles();
  previews.contentChanged();
  // Asked for at once without workers, as before (the builder counts and coalesces requests in order).
  return workers.size === 0 ? builder.requestBuild(change) : cleared.then(() => builder.requestBuild(change));
};
const deps = {
  db: database.db,
  env,
  builder,
  previews,
  ...(redis ? { limits: redisAccountLimits(redis, env), loginLimits: new RedisLoginLimits(redis) } : {}),
  contentChanged,
  wakeIssueSender: () => issueSender?.wake(),
};
const app = createApp(deps);
/** Test runs set SERVED_BY_HEADER=1 to see which process answered (a worker marks its own answers). */
const servedBy = process.env.SERVED_BY_HEADER === "1";

/** The API for one request: public reads from the cache when possible, everything else through Elysia. */
async function api(request: Request, pathname: string, clientIp: string | undefined): Promise<Response> {
  const res = await answerApi(request, pathname, clientIp);
  if (servedBy) res.headers.set(SERVED_BY, "primary");
  return res;
}
async function answerApi(request: Request, pathname: string, clientIp: string | undefined): Promise<Response> {
  const cached = publicCache.answer(request, pathname, (r) => app.handle(r));
  if (cached) return cached;
  // Writes and sign-ins are rate limited per client address (see api/lib/client-ip.ts).
  const generation = publicCache.generationNow;
  const res = await app.handle(withClientIp(request, clientIp));
  // A write that changed public content is answered once the workers have dropped their public answers too, so a
  // reader who saw the write acknowledged never gets the old answer from a worker (an IPC round trip, ~1 ms).
  if (publicCache.generationNow !== generation) await lastWorkerClear;
  return res;
}

// Behind a reverse proxy, the client's address comes from the proxies listed in TRUST_PROXY (none by default).
const trustedProxies = parseTrustProxy(env.trustProxy.join(","));
// Readership (issue 35 §1): this process counts what it serves, the workers send their first readings of the day
// over IPC, and the sums reach the database in one write per AUDIENCE_FLUSH_SECONDS (api/modules/audience/).
const audience = new AudienceTally();
const hitCounter = new HitCounter((hit) => audience.add(hit));
hitCounter.setSalts(audience.currentSalts());
const handle = createFront({
  site,
  apps,
  uploadsDir: env.uploadsDir,
  uploadGate: mediaFiles.gate,
  api,
  onAnswered: (request, pathname, status, clientIp) => hitCounter.record(request, pathname, status, clientIp),
});
// Outer bound for any body: Bun refuses bigger ones itself, before they reach us, but with an empty 413. Each route
// has its own limit (api/plugins/body-limit.ts: 64 KB, or UPLOAD_MAX_MB for uploads), answered in French before the
// body is read; the margin (four times the largest upload) lets a file too big by up to that get the French answer.
const maxBody = 4 * maxBodyBytes({ field: "", accept: [], maxBytes: env.uploadMaxMb * 1024 * 1024 });
const server = Bun.serve({
  port: env.port,
  hostname: env.host,
  reusePort: env.webWorkers > 0,
  maxRequestBodySize: maxBody,
  fetch: (request, srv) => {
    allowLongRequests(request, srv);
    return handle(request, resolveClientAddress(request, srv.requestIP(request)?.address, trustedProxies));
  },
});
console.log(`Listening on http://${server.hostname}:${server.port}`);

if (env.webWorkers > 0) {
  // Loopback-only listener for the static workers' API calls. It believes their x-client-ip and x-original-url
  // (the URL the browser used, which the CSRF origin check compares against), but only on requests that carry this
  // start's secret (api/lib/internal-hop.ts): any other local process is refused before a header is read.
  const hopSecret = newHopSecret();
  const fromWorker = hopCheck(hopSecret);
  const internal = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    maxRequestBodySize: maxBody,
    fetch(request, srv) {
      if (!fromWorker(request)) return hopRefused();
      allowLongRequests(request, srv);
      const url = request.headers.get(FORWARDED_URL_HEADER) ?? request.url;
      const pathname = pathOf(url);
      if (pathname === null) return Response.json({ message: BAD_HOST_MESSAGE }, { status: 400 });
      if (pathname === UPLOAD_ACCESS_PATH) {
        // A worker asks whether this visitor (their cookie or token, all the gate reads) may fetch an upload
        // outside the public set.
        const rel = new URL(url).searchParams.get("rel") ?? "";
        return Promise.resolve(mediaFiles.gate(request, rel)).then(
          (access) => new Response(null, { status: access === "public" ? 200 : access === "private" ? 204 : 404 }),
        );
      }
      // Rebuilt from the body's stream, not `new Request(original, request)`, which would buffer a whole upload.
      // The new request's headers are its own copy: the hop notes are spent here, the app never sees the secret.
      const forwarded = new Request(url, { method: request.method, headers: request.headers, body: request.body, duplex: "half" } as RequestInit);
      for (const h of [HOP_HEADER, FORWARDED_URL_HEADER]) forwarded.headers.delete(h);
      return api(forwarded, pathname, request.headers.get(CLIENT_IP_HEADER) ?? undefined);
    },
  });
  console.log(`Workers' API listener on http://127.0.0.1:${internal.port}`);
  const startWorker = () => {
    const worker: Worker = Bun.spawn([process.execPath, "api/web-worker.ts"], {
      env: {
        ...process.env,
        PORT: String(server.port),
        HOST: env.host,
        UPLOADS_DIR: env.uploadsDir,
        PUBLIC_URL: env.publicUrl,
        TRUST_PROXY: env.trustProxy.join(","),
        PRIMARY_API: `http://127.0.0.1:${internal.port}`,
        [HOP_SECRET_ENV]: hopSecret,
        MAX_BODY_BYTES: String(maxBody),
      },
      stdout: "inherit",
      stderr: "inherit",
      ipc(message: FromWorker) {
        if (message?.type === "audience") {
          if (Array.isArray(message.hits)) for (const hit of message.hits as Hit[]) if (hit && typeof hit === "object") audience.add(hit);
          return;
        }
        if (message?.type === "public-cache-cleared") {
          workerCleared(worker, message.id);
          return;
        }
        if (message?.type === "site-applied") {
          workerSiteApplied(worker, message.id);
          return;
        }
        // A worker answering reads asks this process to count a search or to write a session's expiry (api/lib/worker-ipc.ts).
        if (message?.type !== "ready") {
          void onWorkerMessage(message, { db: database.db, search: accountLimitsOf(deps).search, reply: (m) => void worker.send(m) });
          return;
        }
        // Ready: what it serves, and the day's salts it counts readers with.
        console.log(`Static worker ${worker.pid} ready`);
        worker.send({ type: "audience-salts", salts: audience.currentSalts() } satisfies ToWorker);
        worker.send({ type: "apps", dir: appsDir } satisfies ToWorker);
        worker.send({ type: "uploads", files: publicMediaFiles } satisfies ToWorker);
        worker.send({ type: "root", dir: site.ready ? builder.liveDir() : null } satisfies ToWorker);
      },
      onExit() {
        workers.delete(worker);
        workerCleared(worker);
        workerSiteApplied(worker);
        // A crashed worker is replaced; the port stays served by the others meanwhile.
        if (!stopping) setTimeout(startWorker, 500);
      },
    });
    workers.add(worker);
  };
  for (let i = 0; i < env.webWorkers; i++) startWorker();
}

if (env.siteBuild) {
  const started = Date.now();
  builder.requestBuild().then((r) => {
    if (r.ok) console.log(`Site built in ${((Date.now() - started) / 1000).toFixed(1)} s, live at ${env.publicUrl}`);
    else console.error(`Site build failed:\n${r.log.slice(-3000)}`);
    // Once the site is up (not beside its first build, on two cores), so the first « Aperçu » does not wait.
    if (!stopping) previews.warm();
  });
}

// Mail: one delivery worker over the outbox (api/modules/mail/); without SMTP_URL messages wait there.
const mailWorker = startMailWorker(database.db, env);
if (!mailWorker) console.log("SMTP_URL not set: mail stays in the outbox (admin screen « Courriels »).");
// The trash: what was deleted more than 30 days ago goes for good (api/modules/trash/purge.ts).
const trashPurge = startTrashPurge(database.db, env.uploadsDir);
// Editorial notifications: due events become one digest mail per member (api/modules/notifications/), SMTP or not.
const digests = startNotificationDigests(database.db, env, () => mailWorker?.wake());
// Registrations: the day-before reminders and the deletion of old registrants' data (api/modules/registrations/jobs.ts).
const registrationJobs = startRegistrationJobs(database.db, env, () => mailWorker?.wake());
// Newsletter: unconfirmed subscriptions deleted after 7 days (api/modules/newsletter/purge.ts), checked hourly.
const newsletterPurge = startNewsletterPurge(database.db);
// The site build's change feed: rows older than a week go, hourly (api/modules/articles/changes.ts).
const feedPrune = startChangeFeedPrune(database.db);
// Newsletter issues: batches to the outbox at NEWSLETTER_RATE_PER_MINUTE, scheduled ones at their minute; the
// archive page is built when an issue has fully left (api/modules/newsletter-issues/sending.ts).
issueSender = startIssueSender(database.db, env, {
  onQueued: () => mailWorker?.wake(),
  onFinished: () => void contentChanged(),
});
// Readership counters: the day's salts turn and the sums are written on the shared poller.
const audienceFlush = startAudienceFlush(database.db, audience, env.audienceFlushSeconds, (salts) => {
  hitCounter.setSalts(salts);
  for (const w of workers) w.send({ type: "audience-salts", salts } satisfies ToWorker);
});
// « Publier le » / « Mettre en ligne le » (issue 20 §5): due articles and events go live, then the site rebuilds.
const scheduled = startScheduledPublication(database.db, contentChanged, env.schedulePollSeconds);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  // Their exits are awaited before the last readership flush: a worker sends its last batch as it leaves.
  const workersGone = Promise.all([...workers].map((w) => w.exited));
  for (const w of workers) w.kill("SIGTERM");
  builder.stop();
  previews.stop();
  server.stop(true);
  // A send in progress is finished and recorded first (a message cut off here would wait for its lease), for 10 s at most.
  await Promise.race([Promise.all([digests.stop(), registrationJobs.stop(), mailWorker?.stop(), newsletterPurge.stop(), feedPrune.stop(), issueSender.stop()]), Bun.sleep(10_000)]);
  await trashPurge.stop();
  await scheduled.stop();
  // The sums counted since the last flush, the workers' last batches included (each sends it before it exits).
  await Promise.race([workersGone, Bun.sleep(5_000)]);
  await audienceFlush.stop();
  database.close();
  invalidation?.stop();
  redis?.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
