/**
 * Publication in place (issue 31 §2): staged files renamed into the live folder in a safe order, removals last, the
 * generation written at the end; a process killed with SIGKILL between two renames leaves a journal that the next
 * start rolls forward to the same result as an uninterrupted publication.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { emptyTrash, GENERATION_FILE, JOURNAL, publishInPlace, PUBLISH_MANIFEST, readGeneration, rollForward, STAGING, TRASH } from "./publish-in-place";
import { SiteBuilder } from "./site-builder";

const root = mkdtempSync(join(tmpdir(), "publish-in-place-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(dir: string, files: Record<string, string>) {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
}

function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of (readdirSync(dir, { recursive: true }) as string[]).sort()) {
    if (statSync(join(dir, rel)).isFile()) out[rel] = readFileSync(join(dir, rel), "utf8");
  }
  return out;
}

/** A live folder with a generation, and a staged change: a new article, the home page and list again, one page gone. */
function scene(name: string) {
  const siteDir = join(root, name);
  const live = join(siteDir, "builds", "b1");
  const staging = join(siteDir, STAGING, "b2");
  write(live, {
    "index.html": "home 1",
    "index.html.br": "home 1 br",
    "articles.html": "list 1",
    "article/a.html": "A",
    "article/old.html": "old",
    "article/old.html.br": "old br",
    "about.html": "about",
    [GENERATION_FILE]: JSON.stringify({ generation: 7, build: "b1", files: null }),
  });
  const staged = {
    "theme/new/t.html": "new theme page",
    "article/new.html": "new article",
    "article/new.html.br": "new article br",
    "articles.html": "list 2",
    "index.html.br": "home 2 br",
    "index.html": "home 2",
    ".pages.json": "{}",
  };
  write(staging, staged);
  const written = ["article/new.html.br", "article/new.html", "theme/new/t.html", "articles.html", "index.html.br", "index.html", ".pages.json"];
  const removed = ["article/old.html", "article/old.html.br"];
  writeFileSync(join(staging, PUBLISH_MANIFEST), JSON.stringify({ written, removed }));
  const expected: Record<string, string> = { ...tree(live), ...staged };
  for (const rel of removed) delete expected[rel];
  delete expected[GENERATION_FILE];
  return { siteDir, live, staging, written, removed, expected };
}

const withoutGeneration = (t: Record<string, string>) => {
  const { [GENERATION_FILE]: _, ...rest } = t;
  return rest;
};

describe("publication in place", () => {
  it("renames the staged files in the manifest's order, removes last, then writes the next generation", () => {
    const s = scene("plain");
    const untouched = statSync(join(s.live, "about.html")).ino;
    const steps: string[] = [];
    const generation = publishInPlace(s.siteDir, s.staging, s.live, (step) => steps.push(`${step.kind} ${step.rel}`));
    expect(steps).toEqual([...s.written.map((r) => `rename ${r}`), ...s.removed.map((r) => `remove ${r}`)]);
    expect(withoutGeneration(tree(s.live))).toEqual(s.expected);
    expect(statSync(join(s.live, "about.html")).ino).toBe(untouched);
    expect(generation.generation).toBe(8);
    expect(readGeneration(s.live)).toEqual(generation);
    expect(generation.files).toEqual([...s.written, ...s.removed]);
    expect(existsSync(join(s.siteDir, JOURNAL))).toBe(false);
    expect(existsSync(s.staging)).toBe(false);
  });

  it("keeps the live files it replaces or removes in a trash folder, which emptyTrash removes later", async () => {
    const s = scene("trash");
    const replaced = statSync(join(s.live, "articles.html")).ino;
    const removed = statSync(join(s.live, "article/old.html")).ino;
    const generationBefore = statSync(join(s.live, GENERATION_FILE)).ino;
    publishInPlace(s.siteDir, s.staging, s.live);
    expect(withoutGeneration(tree(s.live))).toEqual(s.expected);
    // Not freed by the publication (on a disk mounted with discard, freeing waits for the disk): still linked.
    const trash = join(s.siteDir, TRASH, "b2");
    const files = (readdirSync(trash) as string[]).filter((name) => statSync(join(trash, name)).isFile());
    const kept = new Map(files.map((name) => [statSync(join(trash, name)).ino, readFileSync(join(trash, name), "utf8")]));
    // The bookkeeping too: the replaced generation file, the journal and the emptied staging folder.
    expect(JSON.parse(kept.get(generationBefore) ?? "{}").generation).toBe(7);
    expect(statSync(join(trash, "staging")).isDirectory()).toBe(true);
    expect(existsSync(join(trash, "journal"))).toBe(true);
    expect(existsSync(s.staging)).toBe(false);
    expect(kept.get(replaced)).toBe("list 1");
    expect(kept.get(removed)).toBe("old");
    // The page that was new replaced nothing.
    expect([...kept.values()]).not.toContain("new article");
    await emptyTrash(s.siteDir);
    expect(readdirSync(join(s.siteDir, TRASH))).toEqual([]);
    expect(withoutGeneration(tree(s.live))).toEqual(s.expected);
  });

  it("empties only the oldest trash folders past a bound, the newest kept", async () => {
    const siteDir = mkdtempSync(join(tmpdir(), "trash-bound-"));
    try {
      const trash = join(siteDir, TRASH);
      for (let i = 0; i < 6; i++) {
        mkdirSync(join(trash, `s${i}`), { recursive: true });
        writeFileSync(join(trash, `s${i}`, "w0"), `file ${i}`);
        // Made one after the other: the names do not tell the order, the times do.
        utimesSync(join(trash, `s${i}`), 1_000 + i, 1_000 + i);
      }
      await emptyTrash(siteDir, { keep: 2, over: 8 });
      expect(readdirSync(trash).sort()).toHaveLength(6);
      await emptyTrash(siteDir, { keep: 2, over: 4 });
      expect(readdirSync(trash).sort()).toEqual(["s4", "s5"]);
    } finally {
      rmSync(siteDir, { recursive: true, force: true });
    }
  });

  // Killed after the first rename, in the middle, after the last rename, during the removals.
  for (const crashAt of [0, 3, 6, 7]) {
    it(`a SIGKILL after step ${crashAt} is rolled forward at the next start to the same site`, async () => {
      const s = scene(`crash-${crashAt}`);
      const child = Bun.spawn([process.execPath, "api/testing/publish-crash.ts", s.siteDir, s.staging, s.live, String(crashAt)], {
        stdout: "inherit",
        stderr: "inherit",
      });
      await child.exited;
      expect(child.signalCode).toBe("SIGKILL");
      // Cut short: the journal is there, the generation is still the old one, part of the change is in place.
      expect(existsSync(join(s.siteDir, JOURNAL))).toBe(true);
      expect(readGeneration(s.live)!.generation).toBe(7);
      expect(existsSync(join(s.live, s.written[0]!))).toBe(true);
      // The next start: the builder finishes the publication before serving anything.
      const builder = new SiteBuilder({ siteDir: s.siteDir, apiOrigin: "http://127.0.0.1:1", command: ["true"], onSwap: () => {} });
      builder.stop();
      expect(withoutGeneration(tree(s.live))).toEqual(s.expected);
      expect(readGeneration(s.live)!.generation).toBe(8);
      expect(existsSync(join(s.siteDir, JOURNAL))).toBe(false);
      expect(existsSync(join(s.siteDir, STAGING))).toBe(false);
      // Rolling forward again changes nothing.
      expect(rollForward(s.siteDir)).toBeNull();
      expect(withoutGeneration(tree(s.live))).toEqual(s.expected);
    });
  }

  /** A new search shard staged whole: its folder is moved by one rename, its files listed for the generation. */
  function shardScene(name: string) {
    const siteDir = join(root, name);
    const live = join(siteDir, "builds", "b1");
    const staging = join(siteDir, STAGING, "b2");
    write(live, {
      "pagefind/pagefind-entry.json": "entry 0",
      "pagefind/shards.json": '["/pagefind/shard-old/"]',
      "pagefind/shard-old/pagefind-entry.json": "old entry",
      "pagefind/shard-old/fragment/a.pf_fragment": "a",
      [GENERATION_FILE]: JSON.stringify({ generation: 3, build: "b1", files: null }),
    });
    const staged = {
      "pagefind/shard-new/fragment/a.pf_fragment": "a",
      "pagefind/shard-new/fragment/b.pf_fragment": "b",
      "pagefind/shard-new/pagefind-entry.json": "new entry",
      "pagefind/shards.json": '["/pagefind/shard-new/"]',
    };
    write(staging, staged);
    const files = ["pagefind/shard-new/fragment/a.pf_fragment", "pagefind/shard-new/fragment/b.pf_fragment", "pagefind/shard-new/pagefind-entry.json", "pagefind/shards.json"];
    const written = ["pagefind/shard-new/", "pagefind/shards.json"];
    const removed = ["pagefind/shard-old/fragment/a.pf_fragment", "pagefind/shard-old/pagefind-entry.json"];
    writeFileSync(join(staging, PUBLISH_MANIFEST), JSON.stringify({ written, removed, files }));
    const expected: Record<string, string> = { ...tree(live), ...staged };
    for (const rel of removed) delete expected[rel];
    delete expected[GENERATION_FILE];
    return { siteDir, live, staging, written, removed, files, expected };
  }

  it("moves a new search shard's folder by one rename and lists its files in the generation", () => {
    const s = shardScene("shard");
    const steps: string[] = [];
    const generation = publishInPlace(s.siteDir, s.staging, s.live, (step) => steps.push(`${step.kind} ${step.rel}`));
    expect(steps).toEqual([...s.written.map((r) => `rename ${r}`), ...s.removed.map((r) => `remove ${r}`)]);
    expect(withoutGeneration(tree(s.live))).toEqual(s.expected);
    expect(generation.files).toEqual([...s.files, ...s.removed]);
    // The old shard's folder went with its last file.
    expect(existsSync(join(s.live, "pagefind/shard-old"))).toBe(false);
  });

  it("a SIGKILL right after a shard folder's move is rolled forward to the same site", async () => {
    const s = shardScene("shard-crash");
    const child = Bun.spawn([process.execPath, "api/testing/publish-crash.ts", s.siteDir, s.staging, s.live, "0"], { stdout: "inherit", stderr: "inherit" });
    await child.exited;
    expect(child.signalCode).toBe("SIGKILL");
    expect(existsSync(join(s.live, "pagefind/shard-new/fragment/b.pf_fragment"))).toBe(true);
    expect(readGeneration(s.live)!.generation).toBe(3);
    expect(rollForward(s.siteDir)!.files).toEqual([...s.files, ...s.removed]);
    expect(withoutGeneration(tree(s.live))).toEqual(s.expected);
    expect(readGeneration(s.live)!.generation).toBe(4);
  });

  it("drops a staging folder no publication names (a build killed before its publish)", () => {
    const s = scene("orphan");
    const before = tree(s.live);
    expect(rollForward(s.siteDir)).toBeNull();
    expect(existsSync(join(s.siteDir, STAGING))).toBe(false);
    expect(tree(s.live)).toEqual(before);
  });
});
