import { expect, test } from "@playwright/test";
import { REBUILD_TOKEN } from "./global-setup";

/** A real Astro rebuild behind the real server: pages keep answering during the build and the swap. */
test.describe("site rebuild", () => {
  test.setTimeout(240_000);

  test("requests keep succeeding while the site is rebuilt and swapped", async ({ request }) => {
    const hook = await request.post("/api/hooks/rebuild?wait=1", {
      headers: { authorization: "Bearer wrong" },
    });
    expect(hook.status()).toBe(401);

    let done = false;
    const build = request
      .post("/api/hooks/rebuild?wait=1", { headers: { authorization: `Bearer ${REBUILD_TOKEN}` }, timeout: 230_000 })
      .finally(() => (done = true));
    const statuses: number[] = [];
    while (!done) {
      for (const path of ["/", "/articles", "/events"]) statuses.push((await request.get(path)).status());
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await build;
    expect(res.status()).toBe(200);
    expect((await res.json()).report.ok).toBe(true);
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect((await request.get("/")).status()).toBe(200);
  });
});
