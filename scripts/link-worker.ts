/**
 * Links a build's carried-over pages from the live build on its own thread, while the warm renderer renders
 * (scripts/warm-renderer.ts): tens of thousands of link() calls at 5,000 articles, ~1 s of system time that
 * would otherwise sit between a write and the site. Pages first (the search index waits for them), then their
 * compressed copies (scripts/compress.ts then finds them in place and links nothing).
 */
import { linkSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";

export type LinkJob = { out: string; previous: string; files: string[] };
export type LinkDone = { phase: "pages" | "copies"; error?: string };

declare const self: Worker;

const link = (from: string, to: string, absentIsFine: boolean) => {
  try {
    linkSync(from, to);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== "EEXIST" && !(absentIsFine && code === "ENOENT")) throw e;
  }
};

self.onmessage = (event: MessageEvent<LinkJob>) => {
  const { out, previous, files } = event.data;
  let phase: LinkDone["phase"] = "pages";
  try {
    const folders = new Set<string>();
    for (const file of files) {
      const folder = dirname(join(out, file));
      if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
      folders.add(folder);
      link(join(previous, file), join(out, file), false);
    }
    self.postMessage({ phase } satisfies LinkDone);
    phase = "copies";
    for (const file of files) {
      for (const ext of [".br", ".gz"]) link(join(previous, file + ext), join(out, file + ext), true);
    }
    self.postMessage({ phase } satisfies LinkDone);
  } catch (e) {
    self.postMessage({ phase, error: e instanceof Error ? e.message : String(e) } satisfies LinkDone);
  }
};
