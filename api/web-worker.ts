/**
 * A static worker: a second process listening on the same port (SO_REUSEPORT, the kernel shares connections),
 * serving the built site and uploads itself and passing `/api/*` to the primary process, which alone owns the
 * database writes, rate limits, caches and builds. One JavaScript thread serves ~28k small pages a second here;
 * nginx uses every core, so the site does too. Started and fed by api/server.ts (IPC: the live build folder and
 * the browser apps' folder).
 */
import { parseTrustProxy, resolveClientAddress } from "./lib/client-ip";
import { appsPolicy, createFront } from "./lib/front";
import { configureSecurityHeaders, useBuildScriptHashes } from "./lib/security-headers";
import { StaticSite } from "./lib/static-site";

const { PORT, HOST, UPLOADS_DIR, PRIMARY_API } = process.env;
if (!PORT || !HOST || !UPLOADS_DIR || !PRIMARY_API) {
  console.error("web-worker: PORT, HOST, UPLOADS_DIR and PRIMARY_API are required");
  process.exit(2);
}

// The primary passes its validated PUBLIC_URL (HSTS over https).
configureSecurityHeaders({ publicUrl: process.env.PUBLIC_URL ?? "" });

// Validated by the primary (api/env.ts), which passes it on.
const trustedProxies = parseTrustProxy(process.env.TRUST_PROXY);

const site = new StaticSite();
const apps = new StaticSite(appsPolicy);
process.on("message", (m: { type: string; dir: string | null }) => {
  if (m?.type === "root") {
    useBuildScriptHashes(m.dir);
    site.setRoot(m.dir);
  }
  if (m?.type === "apps") apps.setRoot(m.dir);
});

const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "upgrade", "host"];

/** Forwards an API request to the primary, with the client's address and the URL the client used. */
async function toPrimary(request: Request, pathname: string, clientIp: string | undefined): Promise<Response> {
  const headers = new Headers(request.headers);
  for (const h of HOP_BY_HOP) headers.delete(h);
  headers.set("x-client-ip", clientIp ?? "unknown");
  headers.set("x-original-url", request.url);
  const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
  try {
    return await fetch(PRIMARY_API + pathname + query, {
      method: request.method,
      headers,
      body: request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer(),
      redirect: "manual",
      // Answers may already be gzip-compressed for the client: pass them through untouched.
      decompress: false,
    } as RequestInit);
  } catch {
    return Response.json({ message: "Service momentanément indisponible." }, { status: 503 });
  }
}

const handle = createFront({ site, apps, uploadsDir: UPLOADS_DIR, api: toPrimary });
Bun.serve({
  port: Number(PORT),
  hostname: HOST,
  reusePort: true,
  maxRequestBodySize: 110 * 1024 * 1024,
  fetch: (request, server) => handle(request, resolveClientAddress(request, server.requestIP(request)?.address, trustedProxies)),
});
process.send?.({ type: "ready" });
