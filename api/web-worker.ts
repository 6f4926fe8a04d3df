/**
 * A static worker: a second process listening on the same port (SO_REUSEPORT, the kernel shares connections),
 * serving the built site and uploads itself, answering the API's reads itself (issue 34: api/lib/worker-api.ts,
 * the list in api/lib/worker-reads.ts) and passing every other `/api/*` request to the primary process, which alone
 * owns the database writes, rate limits and builds. One JavaScript thread serves ~28k small pages a second here;
 * nginx uses every core, so the site does too. Started and fed by api/server.ts (IPC: the live build folder and
 * the browser apps' folder).
 */
import { readEnv, readS3 } from "./env";
import { createWorkerReads, type WorkerReads } from "./lib/worker-api";
import type { FromWorker, ToWorker } from "./lib/worker-ipc";
import { CLIENT_IP_HEADER, parseTrustProxy, resolveClientAddress } from "./lib/client-ip";
import { appsPolicy, createFront, allowLongRequests } from "./lib/front";
import { FORWARDED_URL_HEADER, HOP_HEADER, HOP_SECRET_ENV } from "./lib/internal-hop";
import { configureSecurityHeaders, useBuildScriptHashes } from "./lib/security-headers";
import { StaticSite } from "./lib/static-site";
import { useBucketForUploads } from "./lib/storage/s3";
import type { UploadAccess } from "./lib/uploads-serve";
import { declaresOversizedForm, FORM_TOO_LARGE_MESSAGE } from "./lib/uploads/limits";
import { isArticleWrite } from "./modules/articles/body-size";
import { UPLOAD_ACCESS_PATH, WorkerMediaGate } from "./lib/uploads/visibility";
import { HitCounter, type Hit } from "./modules/audience/counter";
import { exitWithServer } from "./lib/owned-by-server";

const { PORT, HOST, UPLOADS_DIR, PRIMARY_API } = process.env;
const hopSecret: string = process.env[HOP_SECRET_ENV] ?? "";
if (!PORT || !HOST || !UPLOADS_DIR || !PRIMARY_API || !hopSecret) {
  console.error(`web-worker: PORT, HOST, UPLOADS_DIR, PRIMARY_API and ${HOP_SECRET_ENV} are required`);
  process.exit(2);
}
// A worker left behind by a primary killed with -9 would go on answering reads with a public cache nobody clears
// (and share the port with the next primary's workers): it leaves with its primary, as the build worker does.
exitWithServer();
// Kept in this module only: nothing else in the process needs it.
delete process.env[HOP_SECRET_ENV];

// The primary passes its validated PUBLIC_URL (HSTS over https).
configureSecurityHeaders({ publicUrl: process.env.PUBLIC_URL ?? "" });

// Uploads from the same bucket as the primary (S3_* inherited, validated by the primary).
const { s3Uploads } = readS3(process.env);
if (s3Uploads) useBucketForUploads(UPLOADS_DIR, s3Uploads);

// Validated by the primary (api/env.ts), which passes it on.
const trustedProxies = parseTrustProxy(process.env.TRUST_PROXY);

const site = new StaticSite();
const apps = new StaticSite(appsPolicy);
/** Uploads outside the public set are checked by the primary, which owns sessions and the database. */
async function askPrimary(request: Request, rel: string): Promise<UploadAccess> {
  const headers: Record<string, string> = { [HOP_HEADER]: hopSecret };
  for (const h of ["cookie", "authorization"]) {
    const v = request.headers.get(h);
    if (v) headers[h] = v;
  }
  try {
    const res = await fetch(`${PRIMARY_API}${UPLOAD_ACCESS_PATH}?rel=${encodeURIComponent(rel)}`, { headers });
    return res.status === 200 ? "public" : res.status === 204 ? "private" : null;
  } catch {
    return null;
  }
}
const mediaGate = new WorkerMediaGate(askPrimary);

// Readership: first readings of the day go to the primary (which alone de-duplicates across processes and writes)
// in batches, at most one message a second, never a message per request.
let hits: Hit[] = [];
const sendHits = () => {
  if (hits.length === 0) return;
  process.send?.({ type: "audience", hits });
  hits = [];
};
const hitCounter = new HitCounter((hit) => {
  hits.push(hit);
  if (hits.length >= 500) sendHits();
});
setInterval(sendHits, 1000).unref();
// At a stop, the last batch goes before the process does: exiting right after `send` could drop the message.
process.on("SIGTERM", () => {
  const leave = () => process.exit(0);
  if (hits.length === 0 || !process.send) return leave();
  process.send({ type: "audience", hits }, undefined, undefined, leave);
  hits = [];
  // The primary may already be gone (its IPC channel closed): the callback then never comes.
  setTimeout(leave, 2000);
});

/**
 * The API reads answered here: on an embedded database only (a libSQL server is reached over the network by the
 * primary alone, as before), unless WORKER_READS=off (then every API request is forwarded, as before issue 34).
 */
const sendToPrimary = (m: FromWorker) => void process.send?.(m);
async function startReads(): Promise<WorkerReads | null> {
  try {
    const env = readEnv();
    return env.workerReads && env.databaseUrl.startsWith("file:") ? await createWorkerReads(env, sendToPrimary) : null;
  } catch (e) {
    // Validated by the primary already; should it still fail here, this worker forwards everything as before.
    console.error(`web-worker: API reads left to the primary: ${(e as Error).message}`);
    return null;
  }
}
const reads = await startReads();

process.on("message", (m: ToWorker) => {
  if (m?.type === "site") {
    // The CSP lists the generation's inline scripts before any of its pages is served from here.
    useBuildScriptHashes(m.dir);
    if (m.files !== null && m.dir !== null && site.root === m.dir) site.refresh(m.files);
    else site.setRoot(m.dir);
    process.send?.({ type: "site-applied", id: m.id } satisfies FromWorker);
    return;
  }
  if (m?.type === "took" || m?.type === "public-cache-clear") {
    reads?.onMessage(m);
    return;
  }
  // Checked anyway: a message is whatever arrived on the channel, the type is what the primary promises.
  if (m?.type === "audience-salts" && m.salts) hitCounter.setSalts(m.salts);
  if (m?.type === "uploads") mediaGate.setFiles(m.files ?? []);
  if (m?.type === "root") {
    useBuildScriptHashes(m.dir);
    site.setRoot(m.dir);
  }
  if (m?.type === "apps") apps.setRoot(m.dir);
});

const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "upgrade", "host"];

/** Forwards an API request to the primary, with the client's address and the URL the client used. */
async function toPrimary(request: Request, pathname: string, clientIp: string | undefined): Promise<Response> {
  // Refused here from its headers, as the primary would: forwarding it would only move the bytes twice.
  // Article writes may carry a whole paper: their own bound is the primary's to check.
  if (!isArticleWrite(request.method, pathname) && declaresOversizedForm(request)) return Response.json({ message: FORM_TOO_LARGE_MESSAGE }, { status: 413 });
  const headers = new Headers(request.headers);
  for (const h of HOP_BY_HOP) headers.delete(h);
  // Set, never appended: whatever a client sent under these names is replaced.
  headers.set(CLIENT_IP_HEADER, clientIp ?? "unknown");
  headers.set(FORWARDED_URL_HEADER, request.url);
  headers.set(HOP_HEADER, hopSecret);
  const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
  try {
    return await fetch(PRIMARY_API + pathname + query, {
      method: request.method,
      headers,
      // Streamed, never buffered here: an upload may be hundreds of MB, and the primary refuses a body too large
      // for its route before reading it.
      body: request.method === "GET" || request.method === "HEAD" ? undefined : request.body,
      duplex: "half",
      redirect: "manual",
      // Answers may already be gzip-compressed for the client: pass them through untouched.
      decompress: false,
    } as RequestInit);
  } catch {
    return Response.json({ message: "Service momentanément indisponible." }, { status: 503 });
  }
}

/** A read this worker serves, else the primary. */
function api(request: Request, pathname: string, clientIp: string | undefined): Promise<Response> {
  return reads?.answer(request, pathname, clientIp) ?? toPrimary(request, pathname, clientIp);
}

const handle = createFront({
  site,
  apps,
  uploadsDir: UPLOADS_DIR,
  uploadGate: mediaGate.gate,
  api,
  onAnswered: (request, pathname, status, clientIp) => hitCounter.record(request, pathname, status, clientIp),
});
const serve = (port: number, reusePort: boolean) =>
  Bun.serve({
    port,
    hostname: HOST,
    reusePort,
    // The primary's outer bound (UPLOAD_MAX_MB and a margin); routes have their own, smaller limits.
    maxRequestBodySize: Number(process.env.MAX_BODY_BYTES) || 256 * 1024 * 1024,
    fetch: (request, server) => {
      allowLongRequests(request, server);
      return handle(request, resolveClientAddress(request, server.requestIP(request)?.address, trustedProxies));
    },
  });
serve(Number(PORT), true);
// Tests only: this worker's own door besides the shared port, so a test knows which process it talks to
// (the kernel picks one at random on the shared port). Inherited from the primary's environment: one worker only.
if (process.env.TEST_WORKER_PORT) serve(Number(process.env.TEST_WORKER_PORT), false);
process.send?.({ type: "ready" } satisfies FromWorker);
