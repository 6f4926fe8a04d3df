/**
 * How the process running `astro build` gets each page with its bytes as Astro renders it, so that its compressed
 * copies are made while the next pages render (scripts/astro-in-process.ts) instead of by a walk that reads every
 * page back once all are written: at 5,000 articles that walk and its brotli took 10 s after the last page, beside
 * the search index, while one core sat idle through the 17 s of rendering. The partial-build integration offers
 * the pages; Astro's config loads it in a module instance of its own, hence a global, as for the prerenderer
 * (scripts/prerenderer-capture.ts).
 */
export type PageReceiver = (rel: string, body: Uint8Array) => Promise<void>;

const RECEIVER = Symbol.for("site.build.renderedPages");
type WithReceiver = { [RECEIVER]?: PageReceiver };

/** Sets (or, with null, removes) the receiver of the pages the next `astro build` of this process renders. */
export function receiveRenderedPages(receiver: PageReceiver | null): void {
  if (receiver) (globalThis as WithReceiver)[RECEIVER] = receiver;
  else delete (globalThis as WithReceiver)[RECEIVER];
}

/** True when someone in this process takes the pages rendered. */
export function pagesReceived(): boolean {
  return (globalThis as WithReceiver)[RECEIVER] !== undefined;
}

/**
 * Hands over a page Astro has rendered and is about to write at `rel` (relative to the out dir). Resolves once
 * the receiver can take the next one: the renderer waits, so memory stays bounded.
 */
export async function offerRenderedPage(rel: string, body: Uint8Array): Promise<void> {
  await (globalThis as WithReceiver)[RECEIVER]?.(rel, body);
}
