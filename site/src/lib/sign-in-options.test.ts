import { afterEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../api/testing/harness";
import { googleSignInOffered } from "./sign-in-options";

/** The real app behind a real local port, as the build reaches it through API_ORIGIN. */
async function serve(env: Record<string, string>) {
  const h = await createHarness(env);
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (req) => h.app.handle(req) });
  return { h, server, origin: `http://127.0.0.1:${server.port}` };
}

describe("whether the login page offers Google sign-in", () => {
  let running: { h: Harness; server: ReturnType<typeof Bun.serve> } | null = null;
  afterEach(async () => {
    await running?.server.stop(true);
    running?.h.close();
    running = null;
  });

  it("does not when the server has no Google configuration", async () => {
    const s = await serve({});
    running = s;
    expect(await googleSignInOffered(s.origin)).toBe(false);
  });

  it("does when the server has one", async () => {
    const s = await serve({
      GOOGLE_CLIENT_ID: "institut-test",
      GOOGLE_CLIENT_SECRET: "institut-test-secret",
      GOOGLE_REDIRECT_URI: "http://127.0.0.1/auth/callback",
    });
    running = s;
    expect(await googleSignInOffered(s.origin)).toBe(true);
  });

  it("asks without starting a sign-in (no state row is written)", async () => {
    const s = await serve({
      GOOGLE_CLIENT_ID: "institut-test",
      GOOGLE_CLIENT_SECRET: "institut-test-secret",
      GOOGLE_REDIRECT_URI: "http://127.0.0.1/auth/callback",
    });
    running = s;
    for (let i = 0; i < 3; i++) await googleSignInOffered(s.origin);
    const rows = await s.h.database.client.execute("select count(*) as n from oauth_states");
    expect(Number(rows.rows[0]?.n)).toBe(0);
  });

  it("keeps the button when the server cannot be asked (its error path then explains)", async () => {
    expect(await googleSignInOffered("http://127.0.0.1:9")).toBe(true);
  });
});
