import { describe, expect, it } from "vitest";
import { nextBuildGeneration, perBuild } from "./per-build";

describe("perBuild", () => {
  it("makes a value once per build", () => {
    let made = 0;
    const value = perBuild(() => ({ n: ++made }));
    expect(value()).toBe(value());
    nextBuildGeneration();
    expect(value().n).toBe(2);
  });

  it("holds nothing of a build once the next one starts (the build process keeps no copy of the data)", async () => {
    const value = perBuild(() => ({ articles: new Array(1000).fill("texte") }));
    const ref = new WeakRef(value());
    nextBuildGeneration();
    // WeakRefs keep their target until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    Bun.gc(true);
    expect(ref.deref()).toBeUndefined();
    // The memo itself is still in use (it stays reachable until here): only its value was let go.
    expect(value().articles).toHaveLength(1000);
  });
});
