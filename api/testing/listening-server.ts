/**
 * The real server (`bun api/server.ts`) as its own process on a temporary database, with what it prints kept line
 * by line, so a test can wait for a line (the internal listener's address, a static worker being ready) instead of
 * sleeping. No site build, no demo content, one administrator.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const SERVER_ADMIN = { nickname: "admin", password: "Un-mot-de-passe-assez-long" };

export type ListeningServer = {
  dir: string;
  proc: Bun.Subprocess<"ignore", "pipe", "inherit">;
  origin: string;
  port: number;
  databaseUrl: string;
  /** Resolves with the first printed line matching `re` (already printed or to come). */
  line(re: RegExp): Promise<RegExpExecArray>;
  stop(): Promise<void>;
};

export async function startListeningServer(env: Record<string, string> = {}): Promise<ListeningServer> {
  const dir = mkdtempSync(join(tmpdir(), "listening-server-"));
  const databaseUrl = `file:${join(dir, "site.db")}`;
  const proc = Bun.spawn([process.execPath, "api/server.ts"], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: join(dir, "uploads"),
      SITE_DIR: join(dir, "site"),
      SITE_BUILD: "off",
      SEED: "none",
      ADMIN_NICKNAME: SERVER_ADMIN.nickname,
      ADMIN_PASSWORD: SERVER_ADMIN.password,
      WEB_WORKERS: "0",
      TRUST_PROXY: "",
      ...env,
    },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "inherit",
  });
  const lines: string[] = [];
  type Waiter = { re: RegExp; resolve: (m: RegExpExecArray) => void; reject: (e: Error) => void };
  const waiting: Waiter[] = [];
  let exited = false;
  const exitError = (re: RegExp) => new Error(`server exited without printing ${re}:\n${lines.join("\n")}`);
  // Read to the end, always: a full pipe would block the server.
  void (async () => {
    const decoder = new TextDecoder();
    let partial = "";
    for await (const chunk of proc.stdout) {
      partial += decoder.decode(chunk);
      const parts = partial.split("\n");
      partial = parts.pop()!;
      for (const l of parts) {
        lines.push(l);
        for (let i = waiting.length - 1; i >= 0; i--) {
          const m = waiting[i]!.re.exec(l);
          if (m) waiting.splice(i, 1)[0]!.resolve(m);
        }
      }
    }
    exited = true;
    for (const w of waiting.splice(0)) w.reject(exitError(w.re));
  })();
  const line = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      for (const l of lines) {
        const m = re.exec(l);
        if (m) return resolve(m);
      }
      if (exited) return reject(exitError(re));
      waiting.push({ re, resolve, reject });
    });
  const origin = (await line(/Listening on (http:\/\/\S+)/))[1]!;
  return {
    dir,
    proc,
    origin,
    port: Number(new URL(origin).port),
    databaseUrl,
    line,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A session token for the server's administrator (signed in through the real login route). */
export async function adminToken(server: ListeningServer): Promise<string> {
  const res = await fetch(`${server.origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(SERVER_ADMIN),
  });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
