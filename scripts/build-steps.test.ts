/**
 * The check that ends a partial build's rendering (scripts/build-steps.ts `renderPages`): a staged build whose
 * renderer lost a page it was to render starts again as a full build; the pages it carried (the live folder's own
 * files, never in staging) are not missing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { BuildMode } from "./build-steps";
import { renderPages } from "./build-steps";
import { type PagesManifest, writePagesManifest } from "./partial-build";

const dir = mkdtempSync(join(tmpdir(), "build-steps-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A staged build of three pages: `/` and `/a` rendered, `/b` carried from the live folder. */
function stagedBuild(name: string, written: string[]) {
  const live = join(dir, name, "live");
  const out = join(dir, name, "staging");
  mkdirSync(live, { recursive: true });
  writeFileSync(join(live, "b.html"), "<p>b</p>");
  const modes: BuildMode[] = [];
  const render = async (mode: BuildMode) => {
    modes.push(mode);
    mkdirSync(out, { recursive: true });
    const manifest: PagesManifest = {
      key: "k",
      mode,
      pages: { "/": { file: "index.html", route: "/" }, "/a": { file: "a.html", route: "/a" }, "/b": { file: "b.html", route: "/b" } },
      carried: mode === "partial" ? ["/b"] : [],
    };
    writePagesManifest(out, manifest);
    if (mode === "full") for (const file of ["index.html", "a.html", "b.html"]) writeFileSync(join(out, file), file);
    else for (const file of written) writeFileSync(join(out, file), file);
    return mode === "partial" ? { linked: true, rendered: ["index.html", "a.html"] } : undefined;
  };
  return { job: { root: dir, out, previous: live, key: "k", mode: "partial" as const, staged: true }, render, modes };
}

describe("the end of a staged partial build's rendering", () => {
  it("takes a build whose rendered pages are all there, its carried pages staying in the live folder", async () => {
    const { job, render, modes } = stagedBuild("whole", ["index.html", "a.html"]);
    await renderPages(job, render);
    expect(modes).toEqual(["partial"]);
  });

  it("builds everything again when a page the build rendered is not there", async () => {
    const { job, render, modes } = stagedBuild("hole", ["index.html"]);
    await renderPages(job, render);
    expect(modes).toEqual(["partial", "full"]);
  });
});
