/**
 * Items a signed-in author or admin may open before the static site has them (see scripts/item-preview.ts):
 * which item a 404 path names, and which API endpoint serves it to the visitor's role.
 */
export type PreviewKind = "article" | "media" | "audio" | "video";

/** /article/x, /media/x, /mediatheque/audio/x or /mediatheque/video/x; null for any other path. */
export function previewTarget(pathname: string): { kind: PreviewKind; url: string } | null {
  const m = /^\/(article|media|mediatheque\/audio|mediatheque\/video)\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  let url: string;
  try {
    url = decodeURIComponent(m[2]!);
  } catch {
    return null; // a malformed escape cannot name an item
  }
  const kind = m[1] === "mediatheque/audio" ? "audio" : m[1] === "mediatheque/video" ? "video" : (m[1] as "article" | "media");
  return { kind, url };
}

/** The role's endpoint for one item (spec: admin endpoint for admins, user endpoint for members). */
export function previewEndpoint(kind: PreviewKind, url: string, role: "admin" | "user"): string {
  const what = kind === "article" ? "articles" : "media";
  return `/api/${role === "admin" ? "admin" : "user"}/${what}/${encodeURIComponent(url)}`;
}
