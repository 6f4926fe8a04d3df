import { availableParallelism } from "node:os";
import { REGISTRATION_LIMIT, SEARCH_LIMIT } from "./lib/account-limits";
import { parseTrustProxy } from "./lib/client-ip";
import { parseSender, type MailSender } from "./lib/mail-address";
import type { S3Settings } from "./lib/storage/s3";
import { keyFileOf, parseKey, readOrCreateKeyFile, type KeyFile } from "./lib/two-factor-key";

/**
 * Configuration, read from the environment and validated once at start. A bad value stops the server with a
 * message that names the variable, rather than failing later in a request.
 */
export type Env = {
  port: number;
  host: string;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  uploadsDir: string;
  /** Largest media file accepted by an upload, in MB (pictures have their own 5 MB limit). */
  uploadMaxMb: number;
  /** Bytes a member may have waiting for approval (media files, article pictures), in MB; admins are exempt. */
  uploadPendingQuotaMb: number;
  /** Uploads a member may start per hour (admins get ten times as many: see api/lib/account-limits.ts). */
  uploadsPerHour: number;
  /** Searches an account may make in the member and admin lists per 10 s (api/lib/account-limits.ts). */
  searchesPer10s: number;
  /** Event registrations one client address may send per hour (api/lib/account-limits.ts); load tests raise it. */
  registrationsPerHour: number;
  /** Uploads in a bucket (S3_ENDPOINT, S3_BUCKET, keys, S3_REGION) instead of UPLOADS_DIR, which then keeps temp files only. */
  s3Uploads: S3Settings | undefined;
  /** Each successful site build is also published to this bucket (PUBLISH_S3_BUCKET, same endpoint and keys). */
  s3Publish: S3Settings | undefined;
  /** Shared state for several API processes (issue 24); the limits stay in this process when absent. */
  redisUrl: string | undefined;
  publicUrl: string;
  seed: "demo" | "none";
  adminNickname: string | undefined;
  adminPassword: string | undefined;
  rebuildToken: string | undefined;
  /** Where site builds are written; the live one is the `current` symlink inside it. */
  siteDir: string;
  /** `off` skips the build at start (a helper serving an existing build, or API-only work). */
  siteBuild: boolean;
  /** Static workers answer the listed API reads themselves (api/lib/worker-reads.ts); WORKER_READS=off forwards all. */
  workerReads: boolean;
  /** A site build running longer than this is killed and reported failed (the live site stays). */
  buildTimeoutS: number;
  production: boolean;
  /** Extra processes serving the static site on the same port (see api/web-worker.ts). */
  webWorkers: number;
  /** Reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For names the client; empty: none (see api/lib/client-ip.ts). */
  trustProxy: string[];
  google: { clientId: string; clientSecret: string; redirectUri: string; issuer: string | undefined } | undefined;
  /** `required`: an administrator without two-factor gets a session that can only enrol (api/modules/auth/enrolment-gate.ts). */
  admin2fa: "optional" | "required";
  /** 32 bytes (AES-256-GCM, HMAC) protecting TOTP secrets and recovery codes in the database. */
  twoFactorKey: Uint8Array;
  /** Set when TWO_FACTOR_KEY was not given: the key file beside the database, and whether this start created it. */
  twoFactorKeyFile?: KeyFile;
  /** The SMTP server (`smtp://` or `smtps://`, credentials in the URL); unset: mail stays in the outbox (api/modules/mail/). */
  smtpUrl: string | undefined;
  /** Sender of every message (MAIL_FROM); its domain names the Message-IDs. */
  mailFrom: MailSender;
  /** Editorial notifications are grouped: at most one mail per member per this many minutes (0: at once). */
  notificationDigestMinutes: number;
  /** Registrants' personal data are deleted this many days after their event ends (issue 22). */
  registrationRetentionDays: number;
  /** Newsletter issues go to the outbox at most this many messages per minute (api/modules/newsletter-issues). */
  newsletterRatePerMinute: number;
  /** How often scheduled publications are looked for (issue 20 §5), in seconds. */
  schedulePollSeconds: number;
  /** How often the readership counters held in memory are written to the database (issue 35 §1), in seconds. */
  audienceFlushSeconds: number;
  /** Longest article text that may be submitted (ARTICLE_MAX_CHARS, the spec's 10 000); drafts may hold more. */
  articleMaxChars: number;
};

export class EnvError extends Error {}

function port(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new EnvError(`${name} must be a port number (0-65535), got "${raw}"`);
  return n;
}

function url(raw: string, name: string, protocols: string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new EnvError(`${name} must be a URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new EnvError(`${name} must start with ${protocols.join(" or ")}, got "${raw}"`);
  }
  return raw;
}

/** A whole number from `min` to `max`, `fallback` when unset or empty. */
function wholeNumber(source: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number, unit: string): number {
  const raw = source[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new EnvError(`${name} must be a whole number of ${unit} from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

/**
 * TWO_FACTOR_KEY: 32 random bytes, as 64 hex characters or base64. Required in production and with a database
 * server; otherwise a random key generated beside the database file at the first start (api/lib/two-factor-key.ts)
 * stands in, never a fixed one: a published key would open every secret of a copied database.
 */
function twoFactorKey(raw: string | undefined, production: boolean, databaseUrl: string): { key: Uint8Array; file?: KeyFile } {
  if (!raw) {
    if (production) throw new EnvError("TWO_FACTOR_KEY is required in production (32 random bytes: `openssl rand -hex 32`)");
    const path = keyFileOf(databaseUrl);
    if (!path) throw new EnvError("TWO_FACTOR_KEY is required with a database server (32 random bytes: `openssl rand -hex 32`)");
    try {
      const { key, created } = readOrCreateKeyFile(path);
      return { key, file: { path, created } };
    } catch (e) {
      throw new EnvError(`TWO_FACTOR_KEY is not set and its key file could not be used: ${(e as Error).message}`);
    }
  }
  const key = parseKey(raw);
  if (!key) throw new EnvError("TWO_FACTOR_KEY must be 32 bytes, as 64 hex characters or base64");
  return { key };
}

/**
 * SMTP_URL and MAIL_FROM. Without a server, messages wait in the outbox (the demo): the sender then defaults to an
 * address at the public host. With a server, MAIL_FROM must be given: mail from a made-up address is junk mail.
 */
function mail(source: Record<string, string | undefined>, publicUrl: string): { smtpUrl: string | undefined; mailFrom: MailSender } {
  const smtpUrl = source.SMTP_URL || undefined;
  if (smtpUrl) {
    // The URL carries a password: messages name what is wrong, never echo the value.
    let parsed: URL;
    try {
      parsed = new URL(smtpUrl);
    } catch {
      throw new EnvError("SMTP_URL must be a URL such as smtp://user:password@mail.example.org:587 (special characters of the password percent-encoded)");
    }
    if (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") {
      throw new EnvError(`SMTP_URL must start with smtp: or smtps:, got "${parsed.protocol}"`);
    }
    if (!parsed.hostname) throw new EnvError("SMTP_URL must name a host, e.g. smtp://user:password@mail.example.org:587");
    if (parsed.password && !parsed.username) throw new EnvError("SMTP_URL has a password but no user name");
    if (!source.MAIL_FROM) throw new EnvError("MAIL_FROM is required with SMTP_URL, e.g. \"L'Institut <contact@example.org>\"");
  }
  const raw = source.MAIL_FROM || `L'Institut <ne-pas-repondre@${new URL(publicUrl).hostname}>`;
  const mailFrom = parseSender(raw);
  if (!mailFrom) throw new EnvError(`MAIL_FROM must be an address or "Name <address>", got "${raw}"`);
  return { smtpUrl, mailFrom };
}

const S3_CONNECTION = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** S3 bucket names: 3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The S3 settings (issue 24): none of them, or an endpoint and its keys with S3_BUCKET (uploads) and/or
 * PUBLISH_S3_BUCKET (the built site). Also read by the static workers, which serve uploads from the same bucket.
 */
export function readS3(source: Record<string, string | undefined>): { s3Uploads: S3Settings | undefined; s3Publish: S3Settings | undefined } {
  const named = [...S3_CONNECTION, "S3_BUCKET", "PUBLISH_S3_BUCKET", "S3_REGION"].filter((n) => source[n]);
  if (named.length === 0) return { s3Uploads: undefined, s3Publish: undefined };
  const missing = S3_CONNECTION.filter((n) => !source[n]);
  if (missing.length) throw new EnvError(`${missing.join(", ")} must be set with ${named.join(", ")}`);
  if (!source.S3_BUCKET && !source.PUBLISH_S3_BUCKET) throw new EnvError("S3_BUCKET or PUBLISH_S3_BUCKET must name a bucket");
  const endpoint = url(source.S3_ENDPOINT!, "S3_ENDPOINT", ["http:", "https:"]).replace(/\/+$/, "");
  const region = source.S3_REGION || "us-east-1";
  if (!/^[a-z0-9-]{1,40}$/.test(region)) throw new EnvError(`S3_REGION must be a region name such as "eu-west-3", got "${region}"`);
  for (const n of ["S3_BUCKET", "PUBLISH_S3_BUCKET"]) {
    if (source[n] && !BUCKET_NAME.test(source[n]!)) throw new EnvError(`${n} must be a bucket name (3 to 63 lowercase letters, digits, dots, hyphens), got "${source[n]}"`);
  }
  if (source.S3_BUCKET && source.S3_BUCKET === source.PUBLISH_S3_BUCKET) {
    throw new EnvError("S3_BUCKET and PUBLISH_S3_BUCKET must be two buckets: publishing removes what is not in the build");
  }
  const base = { endpoint, accessKeyId: source.S3_ACCESS_KEY_ID!, secretAccessKey: source.S3_SECRET_ACCESS_KEY!, region };
  return {
    s3Uploads: source.S3_BUCKET ? { ...base, bucket: source.S3_BUCKET } : undefined,
    s3Publish: source.PUBLISH_S3_BUCKET ? { ...base, bucket: source.PUBLISH_S3_BUCKET } : undefined,
  };
}

const keyFields = ({ key, file }: { key: Uint8Array; file?: KeyFile }) => (file ? { twoFactorKey: key, twoFactorKeyFile: file } : { twoFactorKey: key });

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const p = port(source.PORT, "PORT", 4321);
  const host = source.HOST || "127.0.0.1";
  const databaseUrl = url(source.DATABASE_URL || "file:data/site.db", "DATABASE_URL", [
    "file:",
    "libsql:",
    "http:",
    "https:",
    "ws:",
    "wss:",
  ]);
  const seed = source.SEED || "demo";
  if (seed !== "demo" && seed !== "none") throw new EnvError(`SEED must be "demo" or "none", got "${seed}"`);
  if (seed === "none" && (!source.ADMIN_NICKNAME || !source.ADMIN_PASSWORD)) {
    throw new EnvError("SEED=none needs ADMIN_NICKNAME and ADMIN_PASSWORD for the first administrator");
  }
  if (seed === "none" && source.ADMIN_PASSWORD!.length < 12) {
    throw new EnvError("ADMIN_PASSWORD must be at least 12 characters long");
  }
  const publicUrl = url(source.PUBLIC_URL || `http://localhost:${p}`, "PUBLIC_URL", ["http:", "https:"]).replace(
    /\/+$/,
    "",
  );
  const siteBuild = (source.SITE_BUILD || "on") !== "off";
  const workerReadsText = source.WORKER_READS || "on";
  if (workerReadsText !== "on" && workerReadsText !== "off") throw new EnvError(`WORKER_READS must be "on" or "off", got "${source.WORKER_READS}"`);
  const workerReads = workerReadsText === "on";
  const buildTimeoutS = source.BUILD_TIMEOUT_S ? Number(source.BUILD_TIMEOUT_S) : 600;
  if (!Number.isInteger(buildTimeoutS) || buildTimeoutS < 10 || buildTimeoutS > 86_400) {
    throw new EnvError(`BUILD_TIMEOUT_S must be a whole number of seconds from 10 to 86400, got "${source.BUILD_TIMEOUT_S}"`);
  }
  // One worker per core beyond the first, at most 3: the primary keeps a core for the API and builds.
  const defaultWorkers = Math.min(3, Math.max(0, availableParallelism() - 1));
  const webWorkers = source.WEB_WORKERS === undefined || source.WEB_WORKERS === "" ? defaultWorkers : Number(source.WEB_WORKERS);
  if (!Number.isInteger(webWorkers) || webWorkers < 0 || webWorkers > 16) {
    throw new EnvError(`WEB_WORKERS must be a whole number from 0 to 16, got "${source.WEB_WORKERS}"`);
  }
  const uploadMaxMb = source.UPLOAD_MAX_MB ? Number(source.UPLOAD_MAX_MB) : 200;
  if (!Number.isInteger(uploadMaxMb) || uploadMaxMb < 1 || uploadMaxMb > 4096) {
    throw new EnvError(`UPLOAD_MAX_MB must be a whole number of MB from 1 to 4096, got "${source.UPLOAD_MAX_MB}"`);
  }
  const uploadPendingQuotaMb = wholeNumber(source, "UPLOAD_PENDING_QUOTA_MB", 500, 1, 1_048_576, "MB");
  const uploadsPerHour = wholeNumber(source, "UPLOADS_PER_HOUR", 60, 1, 100_000, "uploads");
  const searchesPer10s = wholeNumber(source, "SEARCHES_PER_10S", SEARCH_LIMIT.limit, 1, 1_000_000, "searches");
  const registrationsPerHour = wholeNumber(source, "REGISTRATIONS_PER_HOUR", REGISTRATION_LIMIT.limit, 1, 1_000_000, "registrations");
  const redisUrl = source.REDIS_URL ? url(source.REDIS_URL, "REDIS_URL", ["redis:", "rediss:"]) : undefined;
  try {
    parseTrustProxy(source.TRUST_PROXY);
  } catch (e) {
    throw new EnvError(`TRUST_PROXY must list IP addresses or CIDR ranges separated by commas: ${(e as Error).message}`);
  }
  const trustProxy = (source.TRUST_PROXY ?? "").split(",").map((e) => e.trim()).filter(Boolean);
  const g = [source.GOOGLE_CLIENT_ID, source.GOOGLE_CLIENT_SECRET, source.GOOGLE_REDIRECT_URI];
  if (g.some(Boolean) && !g.every(Boolean)) {
    throw new EnvError("GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_REDIRECT_URI go together");
  }
  if (source.OAUTH_ISSUER) url(source.OAUTH_ISSUER, "OAUTH_ISSUER", ["http:", "https:"]);
  const admin2fa = source.ADMIN_2FA || "optional";
  if (admin2fa !== "optional" && admin2fa !== "required") {
    throw new EnvError(`ADMIN_2FA must be "optional" or "required", got "${source.ADMIN_2FA}"`);
  }
  // The footer's social links, read by the site build (site/src/lib/social.ts): checked here so a typo stops the start.
  for (const name of ["SOCIAL_LINKEDIN_URL", "SOCIAL_YOUTUBE_URL"]) if (source[name]) url(source[name]!, name, ["https:"]);
  return {
    port: p,
    host,
    databaseUrl,
    databaseAuthToken: source.DATABASE_AUTH_TOKEN || undefined,
    uploadsDir: source.UPLOADS_DIR || "uploads",
    uploadMaxMb,
    uploadPendingQuotaMb,
    uploadsPerHour,
    searchesPer10s,
    registrationsPerHour,
    ...readS3(source),
    redisUrl,
    publicUrl,
    seed,
    adminNickname: source.ADMIN_NICKNAME || undefined,
    adminPassword: source.ADMIN_PASSWORD || undefined,
    rebuildToken: source.REBUILD_TOKEN || undefined,
    siteDir: source.SITE_DIR || ".site",
    siteBuild,
    workerReads,
    buildTimeoutS,
    production: source.NODE_ENV === "production",
    webWorkers,
    trustProxy,
    google: g.every(Boolean)
      ? { clientId: g[0]!, clientSecret: g[1]!, redirectUri: g[2]!, issuer: source.OAUTH_ISSUER || undefined }
      : undefined,
    admin2fa,
    ...keyFields(twoFactorKey(source.TWO_FACTOR_KEY, source.NODE_ENV === "production", databaseUrl)),
    ...mail(source, publicUrl),
    notificationDigestMinutes: wholeNumber(source, "NOTIFICATION_DIGEST_MINUTES", 10, 0, 1440, "minutes"),
    registrationRetentionDays: wholeNumber(source, "REGISTRATION_RETENTION_DAYS", 90, 1, 3650, "days"),
    newsletterRatePerMinute: wholeNumber(source, "NEWSLETTER_RATE_PER_MINUTE", 600, 1, 1_000_000, "messages per minute"),
    schedulePollSeconds: wholeNumber(source, "SCHEDULE_POLL_SECONDS", 15, 1, 60, "seconds"),
    audienceFlushSeconds: wholeNumber(source, "AUDIENCE_FLUSH_SECONDS", 60, 1, 3600, "seconds"),
    articleMaxChars: wholeNumber(source, "ARTICLE_MAX_CHARS", 10_000, 100, 1_000_000, "characters"),
  };
}
