/**
 * The form of `.pages.json` on disk, shared by its readers: scripts/partial-build.ts (every build step) and
 * scripts/search-index.ts (the search thread, which must not load the Astro integration). A partial build's file
 * names the pages it rendered (`rendered`) in place of the many it carried over (`carried`: 155,000 names at
 * 50,000 articles); a full build's, and a file of the earlier form, name the carried ones.
 */
export type PagesManifestFile = { pages: Record<string, { file: string }>; carried?: string[]; rendered?: string[] };

/** The pages a manifest file says were carried over from the build before. */
export function carriedPages(manifest: PagesManifestFile): string[] {
  if (!manifest.rendered) return manifest.carried ?? [];
  const rendered = new Set(manifest.rendered);
  return Object.keys(manifest.pages).filter((pathname) => !rendered.has(pathname));
}
