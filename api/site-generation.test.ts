/**
 * One generation that every process serves (issue 31 §2): the real server with one static worker, the site built,
 * every page of interest read once through both processes (each keeps it in its memory cache), then an admin takes
 * an article offline. Once the builder reports that change published (a partial build published in place, not a
 * new folder), the worker's own door and fresh connections on the shared port (the kernel shares them between the
 * primary and the worker) all serve the new generation: the article's page gone, the list without it.
 */
import { mkdtempSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeArticle, makeUser } from "./testing/factory";
import { createHarness, type Harness } from "./testing/harness";
import { startWithWorkerDoor, type RealServer } from "./testing/real-server";
import { createSession, SESSION_COOKIE } from "./lib/session";
import type { BuilderStatus } from "./lib/site-builder";

const TOKEN = "jeton-de-reconstruction-des-generations";

describe("one site generation in every process", () => {
  let h: Harness;
  let server: RealServer;
  let door: string;
  const serverDir = mkdtempSync(join(tmpdir(), "site-generation-"));
  let article: { id: string; url: string };
  let cookie: string;

  const status = async (): Promise<BuilderStatus> =>
    (await (await fetch(`${server.url}/api/hooks/rebuild`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as BuilderStatus;

  beforeAll(async () => {
    h = await createHarness();
    const admin = await makeUser(h.database.db, { nickname: "generation-admin", role: "admin" });
    const author = await makeUser(h.database.db, { nickname: "autrice", firstname: "Awa", name: "Faye", groups: ["cercleImp"] });
    article = await makeArticle(h.database.db, { title: "Un article qui va partir", authors: [author.id] });
    await makeArticle(h.database.db, { title: "Un article qui reste", authors: [author.id] });
    cookie = `${SESSION_COOKIE}=${(await createSession(h.database.db, admin.id)).token}`;
    ({ server, door } = await startWithWorkerDoor(serverDir, h.dir, { REBUILD_TOKEN: TOKEN, SITE_BUILD: "on" }));
  }, 600_000);
  afterAll(async () => {
    await server?.stop();
    h?.close();
    rmSync(serverDir, { recursive: true, force: true });
  });

  /** The page's status and body from `base` on a fresh connection. */
  const read = async (base: string, path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { connection: "close" } });
    return { status: res.status, body: await res.text() };
  };

  it("serves the published generation from the primary and the worker as soon as the build is reported done", async () => {
    const page = `/article/${article.url}`;
    // Both processes hold the article and the list in memory (the shared port, asked often, reaches both).
    expect((await read(door, page)).status).toBe(200);
    expect((await read(door, "/articles")).body).toContain("Un article qui va partir");
    for (let i = 0; i < 12; i++) {
      expect((await read(server.url, page)).status).toBe(200);
      expect((await read(server.url, "/articles")).body).toContain("Un article qui va partir");
    }
    const liveBefore = readlinkSync(join(h.dir, "site", "current"));
    const done = (await status()).lastSuccess?.id;

    const res = await fetch(`${server.url}/api/admin/articles/${article.id}/online`, {
      method: "PUT",
      headers: { cookie, origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({ online: false }),
    });
    expect(res.status).toBe(200);
    // Wait for the state (not a time): the build that carries this change reported done.
    for (;;) {
      const s = await status();
      if (s.lastSuccess && s.lastSuccess.id !== done && s.lastSuccess.changes.some((c) => c.id === article.id) && !s.building) {
        expect(s.lastSuccess.mode).toBe("partial");
        expect(s.last?.log).toContain("staged for publication in place");
        break;
      }
      expect(s.lastFailure?.changes.some((c) => c.id === article.id) ?? false).toBe(false);
      await Bun.sleep(200);
    }
    // Published in place: the same live folder, the new generation in it.
    expect(readlinkSync(join(h.dir, "site", "current"))).toBe(liveBefore);
    // Every process, at once: the worker's door and fresh connections on the shared port.
    expect((await read(door, page)).status).toBe(404);
    expect((await read(door, "/articles")).body).not.toContain("Un article qui va partir");
    for (let i = 0; i < 12; i++) {
      expect((await read(server.url, page)).status).toBe(404);
      const list = (await read(server.url, "/articles")).body;
      expect(list).not.toContain("Un article qui va partir");
      expect(list).toContain("Un article qui reste");
    }
  }, 600_000);
});
