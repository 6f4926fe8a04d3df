import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { beginListing, listedInPart } from "../site/src/lib/listing-scope";
import { gonePages, planBuild, type PagesManifest, type PathWithRoute } from "./partial-build";

const ROUTE = { route: "/article/[url]", type: "page", params: ["url"] };
const dir = mkdtempSync(join(tmpdir(), "plan-memory-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A warm build's plan on top of `previous`: one article page listed in part (rendered again), the others carried. */
function plan(previous: PagesManifest | null, build: number): PagesManifest {
  beginListing(previous?.listing);
  const touched = `/article/a-${build % 50}`;
  listedInPart(ROUTE.route, [touched]);
  const paths: PathWithRoute[] = previous ? [{ pathname: touched, route: ROUTE }] : Array.from({ length: 50 }, (_, i) => ({ pathname: `/article/a-${i}`, route: ROUTE }));
  return planBuild(paths, undefined, { key: "k", partial: previous !== null, previous, previousDir: dir }).manifest;
}

/** `builds` plans, each on top of the last; weak references to every manifest but the last, which is returned. */
function chain(builds: number): { last: PagesManifest; earlier: WeakRef<PagesManifest>[] } {
  const earlier: WeakRef<PagesManifest>[] = [];
  let last = plan(null, 0);
  for (let build = 1; build <= builds; build++) {
    const next = plan(last, build);
    expect(gonePages(next, last)).toEqual([]);
    earlier.push(new WeakRef(last));
    last = next;
  }
  return { last, earlier };
}

describe("the build's plan in a long-lived build process", () => {
  it("lets the manifests of earlier builds go: build after build, only the last one stays in memory", () => {
    const { last, earlier } = chain(30);
    for (let i = 0; i < 3; i++) Bun.gc(true);
    // The garbage collector scans the stack conservatively: a stray pointer may keep a few alive (0 to 2 seen), never a
    // chain of every manifest the process planned (each holds every page's record: 155,000 at 50,000 articles).
    const alive = earlier.filter((ref) => ref.deref() !== undefined).length;
    expect(alive).toBeLessThanOrEqual(5);
    expect(Object.keys(last.pages)).toHaveLength(50);
  });
});
