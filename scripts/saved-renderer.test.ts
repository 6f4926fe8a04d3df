/**
 * The saved renderer's folder (scripts/saved-renderer.ts): a save replaces the folder of its key (the renderer that
 * just rendered a whole site wins over one that may have made a partial build fail) and leaves nothing else. Whether
 * a loaded renderer renders the same bytes as Astro is scripts/partial-build.test.ts's series.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { BuildApp } from "./prerenderer-capture";
import { RENDERER_FILE, rendererFolder, saveRenderer } from "./saved-renderer";

const root = mkdtempSync(join(tmpdir(), "saved-renderer-"));
const base = join(root, "renderers");

/** A prerender folder with one entry file holding `text`, and the build state a save reads. */
function build(text: string) {
  const dir = mkdtempSync(join(root, "prerender-"));
  writeFileSync(join(dir, "prerender-entry.abc.mjs"), text);
  mkdirSync(join(dir, "chunks"));
  writeFileSync(join(dir, "chunks", "page.mjs"), `// ${text}`);
  const app = {
    getOptions: () => ({ settings: { config: { outDir: new URL("file:///site/out/"), base: "/" }, scripts: [], buildOutput: "static" }, origin: "http://localhost:4321" }),
    manifest: { routes: [{ routeData: { type: "page" } }] },
  } as unknown as BuildApp;
  const internals = {
    prerenderEntryFileName: "prerender-entry.abc.mjs",
    pagesByKeys: new Map([["/about&site/src/pages/about.astro", { styles: [{ depth: 0, order: 0, sheet: { type: "external", src: "/_astro/a.css" } }] }]]),
    entrySpecifierToBundleMap: new Map([["astro/entrypoints/prerender", "prerender-entry.abc.mjs"]]),
  };
  return { dir, app, internals };
}

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a saved renderer's folder", () => {
  it("replaces the folder of the same key, keeps the build state, and leaves no other folder", () => {
    const first = build("first");
    const target = saveRenderer(base, "key-1", first.dir, first.app, first.internals);
    expect(target).toBe(rendererFolder(base, "key-1"));
    expect(readFileSync(join(target, "bundle", "prerender-entry.abc.mjs"), "utf8")).toBe("first");

    const second = build("second");
    saveRenderer(base, "key-1", second.dir, second.app, second.internals);
    expect(readFileSync(join(target, "bundle", "prerender-entry.abc.mjs"), "utf8")).toBe("second");
    expect(readFileSync(join(target, "bundle", "chunks", "page.mjs"), "utf8")).toBe("// second");
    expect(readdirSync(base)).toEqual(["key-1"]);

    const saved = JSON.parse(readFileSync(join(target, RENDERER_FILE), "utf8"));
    expect(saved).toMatchObject({ key: "key-1", entry: "prerender-entry.abc.mjs", origin: "http://localhost:4321", buildOutput: "static" });
    // URLs are kept as URLs (revived at load), stylesheets per page as Astro had them.
    expect(saved.config.outDir).toEqual({ __url: "file:///site/out/" });
    expect(saved.styles).toEqual([["/about&site/src/pages/about.astro", [{ depth: 0, order: 0, sheet: { type: "external", src: "/_astro/a.css" } }]]]);
  });

  it("removes the renderers of other keys, and names a key that is not a plain name by its hash", () => {
    const next = build("next");
    const target = saveRenderer(base, "a key/with slashes", next.dir, next.app, next.internals);
    expect(target).toMatch(/renderers\/[0-9a-f]{64}$/);
    expect(readdirSync(base)).toEqual([target.split("/").at(-1)]);
  });
});
