/**
 * The only file that listens. One Bun process serves the API (/api/*), uploaded files (/uploads/*) and the
 * prerendered site, and rebuilds the site in a child process after changes.
 */
import { openDatabase, migrateDatabase } from "../db/client";
import { createApp } from "./app";
import { EnvError, readEnv, type Env } from "./env";
import { withClientIp } from "./lib/client-ip";
import { PublicCache } from "./lib/public-cache";
import { withSecurityHeaders } from "./lib/security-headers";
import { SiteBuilder } from "./lib/site-builder";
import { StaticSite } from "./lib/static-site";
import { serveUpload } from "./lib/uploads-serve";

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

const database = await openDatabase(env.databaseUrl, env.databaseAuthToken);
await migrateDatabase(database);
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

const site = new StaticSite();
const builder = new SiteBuilder({
  siteDir: env.siteDir,
  apiOrigin: `http://127.0.0.1:${env.port}`,
  // Canonical links, feeds and sitemaps use the validated origin, also when PUBLIC_URL is left to its default.
  extraEnv: { PUBLIC_URL: env.publicUrl },
  onSwap: (dir) => site.setRoot(dir),
});
site.setRoot(builder.liveDir());

const publicCache = new PublicCache();
const app = createApp({
  db: database.db,
  env,
  builder,
  contentChanged: () => {
    publicCache.clear();
    return builder.requestBuild();
  },
});

/** The path of a request URL without building a URL object (this runs for every static request). */
function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const q = url.indexOf("?", start);
  return q < 0 ? url.slice(start) : url.slice(start, q);
}

/** Spec route rules: /user and /admin open their dashboards (the guard then checks the session). */
const REDIRECTS: Record<string, string> = { "/user": "/user/dashboard", "/admin": "/admin/dashboard" };

const BUILDING_PAGE = `<!doctype html><html lang="fr"><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>Construction du site…</title><p style="font-family:serif;margin:4rem auto;max-width:30rem">Le site est en cours de construction. Cette page se rechargera d'elle-même.</p></html>`;

const server = Bun.serve({
  port: env.port,
  hostname: env.host,
  // Uploads are capped per route; this is the outer bound for any body.
  maxRequestBodySize: 110 * 1024 * 1024,
  async fetch(incoming, srv) {
    const pathname = pathOf(incoming.url);
    if (pathname.startsWith("/api/public/") && incoming.method === "GET") {
      const key = pathname + new URL(incoming.url).search;
      const hit = publicCache.lookup(incoming, key);
      if (hit) return withSecurityHeaders(hit);
      const generation = publicCache.generationNow;
      return withSecurityHeaders(await publicCache.store(incoming, key, await app.handle(incoming), generation));
    }
    if (pathname.startsWith("/api/")) {
      // Writes and sign-ins are rate limited per client address (see api/lib/client-ip.ts).
      return withSecurityHeaders(await app.handle(withClientIp(incoming, srv.requestIP(incoming)?.address)));
    }
    const request = incoming;
    if (request.method !== "GET" && request.method !== "HEAD") {
      return withSecurityHeaders(new Response("Méthode non autorisée", { status: 405, headers: { allow: "GET, HEAD" } }));
    }
    if (pathname.startsWith("/uploads/")) {
      return serveUpload(request, env.uploadsDir, pathname) ?? site.notFound(request);
    }
    const redirect = REDIRECTS[pathname.replace(/\/+$/, "")];
    if (redirect) return withSecurityHeaders(Response.redirect(new URL(redirect, request.url), 302));
    if (!site.ready) {
      return withSecurityHeaders(
        new Response(BUILDING_PAGE, {
          status: 503,
          headers: { "content-type": "text/html; charset=utf-8", "retry-after": "3" },
        }),
      );
    }
    return site.serve(request, pathname) ?? site.notFound(request);
  },
});

console.log(`Listening on http://${server.hostname}:${server.port}`);

if (env.siteBuild) {
  const started = Date.now();
  builder.requestBuild().then((r) => {
    if (r.ok) console.log(`Site built in ${((Date.now() - started) / 1000).toFixed(1)} s, live at ${env.publicUrl}`);
    else console.error(`Site build failed:\n${r.log.slice(-3000)}`);
  });
}

const stop = () => {
  server.stop(true);
  database.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
