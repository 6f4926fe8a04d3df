import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, readEnv } from "./env";

describe("configuration", () => {
  it("defaults to the embedded libSQL file, port 4321 and demo content", () => {
    const env = readEnv({});
    expect(env).toMatchObject({ port: 4321, databaseUrl: "file:data/site.db", uploadsDir: "uploads", seed: "demo" });
    expect(env.publicUrl).toBe("http://localhost:4321");
    expect(env.google).toBeUndefined();
    expect(env.webWorkers).toBeGreaterThanOrEqual(0);
    expect(readEnv({ WEB_WORKERS: "0" }).webWorkers).toBe(0);
  });

  it("lets the workers answer API reads unless WORKER_READS=off, and names a bad value", () => {
    expect(readEnv({}).workerReads).toBe(true);
    expect(readEnv({ WORKER_READS: "off" }).workerReads).toBe(false);
    expect(() => readEnv({ WORKER_READS: "non" })).toThrow(/WORKER_READS/);
  });

  it("accepts a libSQL server URL with its token", () => {
    const env = readEnv({ DATABASE_URL: "libsql://db.example.turso.io", DATABASE_AUTH_TOKEN: "tok", TWO_FACTOR_KEY: "ab".repeat(32) });
    expect(env.databaseUrl).toBe("libsql://db.example.turso.io");
    expect(env.databaseAuthToken).toBe("tok");
  });

  it("names the variable when a value is bad", () => {
    expect(() => readEnv({ PORT: "quatre" })).toThrow(/PORT/);
    expect(() => readEnv({ DATABASE_URL: "postgres://x" })).toThrow(/DATABASE_URL/);
    expect(() => readEnv({ SEED: "lots" })).toThrow(/SEED/);
    expect(() => readEnv({ PUBLIC_URL: "ftp://x" })).toThrow(EnvError);
    expect(() => readEnv({ GOOGLE_CLIENT_ID: "only-one" })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => readEnv({ WEB_WORKERS: "-1" })).toThrow(/WEB_WORKERS/);
  });

  it("requires the first administrator's credentials when demo content is off", () => {
    expect(() => readEnv({ SEED: "none" })).toThrow(/ADMIN_NICKNAME/);
    expect(() => readEnv({ SEED: "none", ADMIN_NICKNAME: "chef", ADMIN_PASSWORD: "court" })).toThrow(/12/);
    expect(readEnv({ SEED: "none", ADMIN_NICKNAME: "chef", ADMIN_PASSWORD: "un-long-mot-de-passe" }).seed).toBe("none");
  });

  it("trusts no proxy unless TRUST_PROXY lists them, and names a bad entry", () => {
    expect(readEnv({}).trustProxy).toEqual([]);
    expect(readEnv({ TRUST_PROXY: "10.0.0.0/8, ::1" }).trustProxy).toEqual(["10.0.0.0/8", "::1"]);
    expect(() => readEnv({ TRUST_PROXY: "10.0.0.0/8,nginx" })).toThrow(/TRUST_PROXY.*nginx/);
  });

  it("limits pending uploads to 500 MB and 60 uploads an hour per member unless told otherwise", () => {
    expect(readEnv({})).toMatchObject({ uploadPendingQuotaMb: 500, uploadsPerHour: 60 });
    expect(readEnv({ UPLOAD_PENDING_QUOTA_MB: "2048", UPLOADS_PER_HOUR: "120" })).toMatchObject({
      uploadPendingQuotaMb: 2048,
      uploadsPerHour: 120,
    });
    for (const bad of ["0", "-5", "1.5", "beaucoup", "1e3", "2000000"]) {
      expect(() => readEnv({ UPLOAD_PENDING_QUOTA_MB: bad })).toThrow(/UPLOAD_PENDING_QUOTA_MB/);
    }
    for (const bad of ["0", "soixante", "60/h", "100001"]) expect(() => readEnv({ UPLOADS_PER_HOUR: bad })).toThrow(/UPLOADS_PER_HOUR/);
    expect(readEnv({}).searchesPer10s).toBe(30);
    expect(readEnv({ SEARCHES_PER_10S: "5000" }).searchesPer10s).toBe(5000);
    for (const bad of ["0", "trente", "1e9"]) expect(() => readEnv({ SEARCHES_PER_10S: bad })).toThrow(/SEARCHES_PER_10S/);
    expect(readEnv({}).redisUrl).toBeUndefined();
    expect(readEnv({ REDIS_URL: "redis://:secret@127.0.0.1:6379/2" }).redisUrl).toBe("redis://:secret@127.0.0.1:6379/2");
    for (const bad of ["localhost:6379", "http://127.0.0.1:6379"]) expect(() => readEnv({ REDIS_URL: bad })).toThrow(/REDIS_URL/);
  });

  it("keeps mail in the outbox without SMTP_URL, sent from an address at the public host", () => {
    const env = readEnv({ PUBLIC_URL: "https://institut.example.sn" });
    expect(env.smtpUrl).toBeUndefined();
    expect(env.mailFrom).toEqual({ name: "L'Institut", address: "ne-pas-repondre@institut.example.sn" });
  });

  it("takes an smtp or smtps URL with its credentials, and then needs MAIL_FROM", () => {
    const from = "L'Institut <contact@institut.example.sn>";
    const env = readEnv({ SMTP_URL: "smtps://contact%40institut:mot%2Fde%3Apasse@mail.example.sn:465", MAIL_FROM: from });
    expect(env.smtpUrl).toBe("smtps://contact%40institut:mot%2Fde%3Apasse@mail.example.sn:465");
    expect(env.mailFrom).toEqual({ name: "L'Institut", address: "contact@institut.example.sn" });
    expect(readEnv({ SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: "contact@institut.example.sn" }).mailFrom.name).toBe("");
    expect(readEnv({ MAIL_FROM: '"Institut, Gorée" <contact@institut.example.sn>' }).mailFrom.name).toBe("Institut, Gorée");
    expect(() => readEnv({ SMTP_URL: "smtp://mail.example.sn" })).toThrow(/MAIL_FROM is required/);
  });

  it("names SMTP_URL and MAIL_FROM when they are bad, without echoing the SMTP password", () => {
    for (const bad of ["http://user:secret-word@mail.example.sn", "smtp//user:secret-word@mail", "smtp://:secret-word@mail.example.sn"]) {
      let message = "";
      try {
        readEnv({ SMTP_URL: bad, MAIL_FROM: "contact@institut.example.sn" });
      } catch (e) {
        expect(e).toBeInstanceOf(EnvError);
        message = (e as Error).message;
      }
      expect(message, bad).toMatch(/SMTP_URL/);
      expect(message, bad).not.toMatch(/secret-word/);
    }
    for (const bad of ["pas une adresse", "Institut <contact@>", "a@b.sn, c@d.sn", "Institut <a@b.sn>\r\nBcc: x@y.sn"]) {
      expect(() => readEnv({ MAIL_FROM: bad }), bad).toThrow(/MAIL_FROM/);
    }
  });
  it("takes S3 settings whole or not at all, and names what is missing or wrong", () => {
    expect(readEnv({})).toMatchObject({ s3Uploads: undefined, s3Publish: undefined });
    const keys = { S3_ENDPOINT: "https://s3.example.org/", S3_ACCESS_KEY_ID: "AK", S3_SECRET_ACCESS_KEY: "SK" };
    expect(readEnv({ ...keys, S3_BUCKET: "fichiers", PUBLISH_S3_BUCKET: "site-public" })).toMatchObject({
      s3Uploads: { endpoint: "https://s3.example.org", bucket: "fichiers", accessKeyId: "AK", secretAccessKey: "SK", region: "us-east-1" },
      s3Publish: { bucket: "site-public" },
    });
    expect(() => readEnv({ S3_BUCKET: "fichiers" })).toThrow(/S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set/);
    expect(() => readEnv({ ...keys })).toThrow(/S3_BUCKET or PUBLISH_S3_BUCKET/);
    expect(() => readEnv({ ...keys, S3_BUCKET: "Mes_Fichiers" })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => readEnv({ ...keys, S3_BUCKET: "a", S3_ENDPOINT: "s3.example.org" })).toThrow(/S3_ENDPOINT/);
    expect(() => readEnv({ ...keys, S3_BUCKET: "fichiers", S3_REGION: "Paris" })).toThrow(/S3_REGION/);
    expect(() => readEnv({ ...keys, S3_BUCKET: "meme", PUBLISH_S3_BUCKET: "meme" })).toThrow(/two buckets/);
  });

  // Issue 30 §3: without TWO_FACTOR_KEY the server used a development key published in this repository.
  it("generates a random two-factor key beside the database file (0600) without TWO_FACTOR_KEY, and reads it back", () => {
    const dir = mkdtempSync(join(tmpdir(), "env-key-"));
    try {
      const url = `file:${join(dir, "data", "site.db")}`;
      const first = readEnv({ DATABASE_URL: url });
      const path = join(dir, "data", "site.db.2fa-key");
      expect(first.twoFactorKeyFile).toEqual({ path, created: true });
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(Buffer.from(first.twoFactorKey).toString("hex")).toBe(readFileSync(path, "utf8").trim());
      const published = createHash("sha256").update("development two-factor key: set TWO_FACTOR_KEY").digest();
      expect(Buffer.from(first.twoFactorKey).equals(published)).toBe(false);
      const again = readEnv({ DATABASE_URL: url });
      expect(again.twoFactorKeyFile).toEqual({ path, created: false });
      expect(again.twoFactorKey).toEqual(first.twoFactorKey);
      // Another database, another key; the variable, when set, wins and no file is used.
      expect(readEnv({ DATABASE_URL: `file:${join(dir, "autre.db")}` }).twoFactorKey).not.toEqual(first.twoFactorKey);
      const given = readEnv({ DATABASE_URL: url, TWO_FACTOR_KEY: "cd".repeat(32) });
      expect(Buffer.from(given.twoFactorKey).toString("hex")).toBe("cd".repeat(32));
      expect(given.twoFactorKeyFile).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses to start without TWO_FACTOR_KEY on a database server, or with a key file that holds no key", () => {
    expect(() => readEnv({ DATABASE_URL: "libsql://db.example.turso.io" })).toThrow(/TWO_FACTOR_KEY is required with a database server/);
    const dir = mkdtempSync(join(tmpdir(), "env-key-"));
    try {
      writeFileSync(join(dir, "site.db.2fa-key"), "pas une clé\n");
      expect(() => readEnv({ DATABASE_URL: `file:${join(dir, "site.db")}` })).toThrow(EnvError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
