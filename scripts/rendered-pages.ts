/**
 * How the process running `astro build` follows Astro's rendering, page by page (scripts/astro-in-process.ts):
 * - each page with its bytes, so that its compressed copies are made while the next pages render, instead of by
 *   a walk that reads every page back once all are written (at 5,000 articles that walk and its brotli took 10 s
 *   after the last page, beside the search index, while one core sat idle through the 17 s of rendering);
 * - the moment every searchable page is written (a full build renders them first), so that the search index is
 *   built while the lists, feeds and calendars render, as a warm build does.
 * The partial-build integration reports to the receiver; Astro's config loads it in a module instance of its own,
 * hence a global, as for the prerenderer (scripts/prerenderer-capture.ts).
 */
import { statSync } from "node:fs";
import { join } from "node:path";

export type PageReceiver = {
  /** A page rendered, about to be written at `rel` (relative to the out dir); resolves once the next may come. */
  page(rel: string, body: Uint8Array): Promise<void>;
  /** Asked for when set: searchable pages first, then this once they are all on disk. */
  searchableWritten?: () => void;
  /** A page of another route turned out searchable after that: the index must be made again. */
  searchableLate?: () => void;
};

const RECEIVER = Symbol.for("site.build.renderedPages");
type WithReceiver = { [RECEIVER]?: PageReceiver };

/** Sets (or, with null, removes) the receiver of what the next `astro build` of this process renders. */
export function receiveRenderedPages(receiver: PageReceiver | null): void {
  if (receiver) (globalThis as WithReceiver)[RECEIVER] = receiver;
  else delete (globalThis as WithReceiver)[RECEIVER];
}

/** The receiver, when someone in this process follows the rendering. */
export function renderedPagesReceiver(): PageReceiver | undefined {
  return (globalThis as WithReceiver)[RECEIVER];
}

/**
 * The integration's side, for one `astro build`: orders the pages, hands each one over and says when the
 * searchable ones are all on disk (Astro writes a page once its render has returned, several at once).
 */
export class RenderedPagesReport {
  /** Searchable pages not rendered yet; -1 when the receiver does not wait for them. */
  private searchableLeft = -1;
  /** The searchable pages handed over: their file and size, to see them written. */
  private written: [string, number][] = [];
  private late = false;

  constructor(
    private readonly receiver: PageReceiver,
    private readonly outDir: string,
    /** The files of site/public, relative: Astro keeps such a file rather than write a page over it. */
    private readonly publicFiles: ReadonlySet<string>,
  ) {}

  /** The pages to render, searchable ones first when the receiver waits for them (each part in its order). */
  order<T>(paths: T[], searchable: (path: T) => boolean): T[] {
    if (!this.receiver.searchableWritten) return paths;
    const first = paths.filter(searchable);
    this.searchableLeft = first.length;
    if (first.length === 0) void this.whenWritten();
    return [...first, ...paths.filter((path) => !searchable(path))];
  }

  /**
   * A page rendered at `pathname` (the request's: build.format "file"), `searchable` by its route; `written`: the
   * body Astro writes (null for a redirect, whose page Astro writes itself).
   */
  async rendered(pathname: string, searchable: boolean, written: ArrayBuffer | null): Promise<void> {
    // Astro writes the body as it is at the request's path, unless a file of site/public is there.
    const rel = decodeURIComponent(pathname.slice(1));
    const bytes = written && !this.publicFiles.has(rel) ? new Uint8Array(written) : null;
    // Only a page in HTML can be searchable (the index reads HTML files).
    if (bytes && !searchable && this.searchableLeft >= 0 && !this.late && rel.endsWith(".html") && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).includes("data-pagefind-body")) {
      this.late = true;
      this.receiver.searchableLate?.();
    }
    if (bytes) await this.receiver.page(rel, bytes);
    if (!searchable || this.searchableLeft <= 0) return;
    if (bytes) this.written.push([join(this.outDir, rel), bytes.length]);
    if (--this.searchableLeft === 0) void this.whenWritten();
  }

  /** Tells the receiver once every searchable page is on disk, whole; gives up if the build ends first. */
  private async whenWritten(): Promise<void> {
    let waiting = this.written;
    this.written = [];
    while (waiting.length) {
      waiting = waiting.filter(([path, size]) => {
        try {
          return statSync(path).size !== size;
        } catch {
          return true;
        }
      });
      if (!waiting.length) break;
      await Bun.sleep(2);
      if (renderedPagesReceiver() !== this.receiver) return;
    }
    this.receiver.searchableWritten?.();
  }
}
