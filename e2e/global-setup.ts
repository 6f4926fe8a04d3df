/**
 * Starts the real server (real Bun, real libSQL file, real Astro build) on a temporary database and waits until
 * the site is built. The server is stopped by its own PID at the end (npm start would leave Bun orphaned).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OAuth2Server } from "oauth2-mock-server";
import { startSmtpServer } from "../api/testing/smtp-server";
import { MAILBOX_DIR } from "./support/mailbox";

/** E2E_PORT lets two suites run side by side (the OpenID server takes the port below it). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4399);
export const OIDC_PORT = E2E_PORT - 1;
export const REBUILD_TOKEN = "e2e-rebuild-token-0123456789";
/** The Google journey writes here the e-mail the local OpenID server should assert for the next sign-in. */
export const OIDC_EMAIL_FILE = join(tmpdir(), `e2e-oidc-email-${E2E_PORT}`);
/**
 * And here, optionally, the Google account's subject (`sub`). Without it each e-mail is its own Google account
 * (`sub-<e-mail>`); a journey that writes it must remove it when done.
 */
export const OIDC_SUB_FILE = join(tmpdir(), `e2e-oidc-sub-${E2E_PORT}`);

const readTrimmed = (file: string) => (existsSync(file) ? readFileSync(file, "utf8").trim() : "");

export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return; // pointing at a server started elsewhere
  const dir = mkdtempSync(join(tmpdir(), "e2e-"));
  const log = join(dir, "server.log");
  // A real local OpenID Connect server stands in for Google.
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate("RS256");
  await oidc.start(OIDC_PORT, "127.0.0.1");
  // Left over by an interrupted run, they would choose who the next sign-in is.
  for (const file of [OIDC_EMAIL_FILE, OIDC_SUB_FILE]) rmSync(file, { force: true });
  oidc.service.on("beforeTokenSigning", (token) => {
    const email = readTrimmed(OIDC_EMAIL_FILE);
    token.payload.sub = readTrimmed(OIDC_SUB_FILE) || `sub-${email}`;
    token.payload.email = email;
    token.payload.email_verified = true;
  });
  // A real SMTP server receives the site's mail; each message lands in MAILBOX_DIR, read by e2e/support/mailbox.ts.
  rmSync(MAILBOX_DIR, { recursive: true, force: true });
  mkdirSync(MAILBOX_DIR, { recursive: true });
  let received = 0;
  const smtp = await startSmtpServer({
    onReceived: (mail) => writeFileSync(join(MAILBOX_DIR, `${String(++received).padStart(6, "0")}.eml`), mail.raw),
  });
  // The journeys that stand in for a clock (a scheduled publication brought to now) open the database themselves.
  process.env.E2E_DATABASE_URL = `file:${join(dir, "site.db")}`;
  const proc = Bun.spawn([process.execPath, "api/server.ts"], {
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, "site.db")}`,
      UPLOADS_DIR: join(dir, "uploads"),
      SITE_DIR: join(dir, "site"),
      REBUILD_TOKEN,
      // A small pending quota, so e2e/member-upload-quota.spec.ts reaches it with a 6 MB file (other specs send KBs).
      UPLOAD_PENDING_QUOTA_MB: "5",
      // Notification digests at once, so e2e/notifications.spec.ts finds the admin's digest without waiting 10 minutes.
      NOTIFICATION_DIGEST_MINUTES: "0",
      // Readership counters written every second (e2e/audience.spec.ts polls for its exact counts).
      AUDIENCE_FLUSH_SECONDS: "1",
      // Scheduled publications looked for every second (e2e/article-revisions.spec.ts moves one to now).
      SCHEDULE_POLL_SECONDS: "1",
      SEED: "demo",
      // Which process answered each API request (x-served-by), for the failure messages of journeys that read it.
      SERVED_BY_HEADER: "1",
      ASTRO_TELEMETRY_DISABLED: "1",
      SOCIAL_LINKEDIN_URL: "https://www.linkedin.com/company/institut-e2e",
      SOCIAL_YOUTUBE_URL: "https://www.youtube.com/@institut-e2e",
      GOOGLE_CLIENT_ID: "institut-e2e",
      GOOGLE_CLIENT_SECRET: "institut-e2e-secret",
      GOOGLE_REDIRECT_URI: `http://127.0.0.1:${E2E_PORT}/auth/callback`,
      OAUTH_ISSUER: oidc.issuer.url!,
      SMTP_URL: smtp.url,
      MAIL_FROM: "L'Institut <contact@institut.test>",
    },
    stdout: Bun.file(log),
    stderr: Bun.file(join(dir, "server.err.log")),
  });
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}; see ${dir}`);
    try {
      const res = await fetch(`http://127.0.0.1:${E2E_PORT}/api/health`);
      if (res.ok && (await res.json()).site.ready) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill();
      await oidc.stop();
      await smtp.stop();
      throw new Error(`site not ready after 240 s; logs in ${dir}`);
    }
    await Bun.sleep(500);
  }
  return async () => {
    proc.kill("SIGTERM");
    await proc.exited;
    await oidc.stop();
    await smtp.stop();
    if (!process.env.E2E_KEEP) rmSync(dir, { recursive: true, force: true });
  };
}
