import { describe, expect, it } from "vitest";
import { spawnOwned } from "./owned-process";

/** What `sh` prints for the variable in the helper's environment. */
function seen(env: Record<string, string | undefined>): Promise<string> {
  const child = spawnOwned(["sh", "-c", 'printf "%s" "${MIMALLOC_ALLOW_THP-unset}"'], env);
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((done) => child.on("close", () => done(out)));
}

describe("the server's helper processes", () => {
  it("run without transparent huge pages for the bundler's allocator, unless the environment sets it", async () => {
    const { MIMALLOC_ALLOW_THP: _, ...env } = process.env;
    expect(await seen(env)).toBe("0");
    expect(await seen({ ...env, MIMALLOC_ALLOW_THP: "1" })).toBe("1");
  });
});
