/**
 * Public URLs of pages and uploaded files. Path segments are percent-encoded so that names with accents or
 * reserved characters still produce valid links to the prerendered files.
 */
const seg = encodeURIComponent;

export const userHref = (nickname: string) => `/user/${seg(nickname)}`;
export const articleHref = (url: string) => `/article/${seg(url)}`;
export const themeHref = (url: string) => `/articles/${seg(url)}`;
export const eventHref = (url: string) => `/event/${seg(url)}`;
export const mediaHref = (url: string) => `/media/${seg(url)}`;
export const memberHref = (circle: string, fullname: string) => `/${circle}/${seg(fullname)}`;

/** Audio and video have typed detail pages; every other type uses the generic /media page. */
export function mediaDetailHref(m: { type: string; url: string }): string {
  return m.type === "audio" || m.type === "video" ? `/mediatheque/${m.type}/${seg(m.url)}` : mediaHref(m.url);
}

export const profilePicSrc = (file: string) => `/uploads/profile_pics/${seg(file)}`;
export const articlePicSrc = (file: string) => `/uploads/article_pics/${seg(file)}`;
export const thumbnailSrc = (file: string) => `/uploads/media_thumbnails/${seg(file)}`;

/**
 * The public path of the page being rendered. With `build.format: "file"` Astro reports "/articles.html" and
 * "/index.html"; visitors (and canonical links) use "/articles" and "/".
 */
export function pagePath(pathname: string): string {
  const p = pathname.replace(/\.html$/, "").replace(/\/index$/, "/").replace(/(.)\/$/, "$1");
  return p === "" ? "/" : p;
}

/**
 * Whether `segment` can name a prerendered page: Astro writes it as a file name and browsers must ask for it
 * back. "/" would make a sub-folder (Astro refuses it and the whole build stops), "?" and "#" end a path, "%"
 * starts an escape, "." and ".." walk folders, control characters have no place in a URL.
 */
export function isSafeSegment(segment: string): boolean {
  return (
    segment.length > 0 &&
    segment.length <= 200 &&
    segment !== "." &&
    segment !== ".." &&
    !/[/\\?#%\u0000-\u001f\u007f]/.test(segment)
  );
}

/**
 * The items whose page can be built. The others are named in the build log and left out, so one bad row is a
 * missing page instead of a stale site (the API already makes segments safe; this is the second line).
 */
export function buildable<T>(items: T[], segmentOf: (item: T) => string, what: string): T[] {
  return items.filter((item) => {
    const segment = segmentOf(item);
    if (isSafeSegment(segment)) return true;
    console.warn(`[build] page skipped: ${what} ${JSON.stringify(segment)} cannot be a page address`);
    return false;
  });
}
