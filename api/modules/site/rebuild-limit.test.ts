import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "../../lib/client-ip";
import { createHarness, type Harness } from "../../testing/harness";

const TOKEN = "rebuild-token-0123456789abcdef";

describe("rebuild hook token guesses", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ REBUILD_TOKEN: TOKEN });
  });
  afterAll(() => h.close());

  const hook = (token: string, ip: string) =>
    h.app.handle(new Request("http://localhost/api/hooks/rebuild", { method: "POST", headers: { authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: ip } }));

  it("stops an address after a few wrong tokens with 429 in French, even for the right one", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await hook(`devine-${i}`, "198.51.100.30")).status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.at(-1)).toBe(429);
    const right = await hook(TOKEN, "198.51.100.30");
    expect(right.status).toBe(429);
    expect((await right.json()).message).toMatch(/Trop de tentatives/);
  });

  it("still accepts the right token from another address", async () => {
    expect((await hook(TOKEN, "198.51.100.31")).status).toBe(202);
  });
});
