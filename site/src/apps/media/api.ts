/**
 * The media calls of the form and the screens, for both audiences: the member space writes through
 * /api/user/media (its own uploads only; the server answers 403 otherwise), the back office through
 * /api/admin/media. Writes are multipart through the XHR uploader (real progress, cancellable).
 */
import type { Media } from "../../../../api/contract";
import { api, call, upload, type UploadOptions } from "../lib/api";
import { revalidate } from "../lib/query";
import type { AppContext } from "../articles/api";

const root = (context: AppContext) => `/api/${context === "admin" ? "admin" : "user"}/media`;

/** One media, for the edit form. */
export function loadMedia(context: AppContext, id: string): Promise<Media> {
  const fallback = "Erreur lors du chargement des médias";
  return context === "admin" ? call(api.admin.media({ id }).get(), fallback) : call(api.user.media({ id }).get(), fallback);
}

/** Creates (id null) or updates a media from the form's multipart body. */
export function saveMedia(
  context: AppContext,
  id: string | null,
  form: FormData,
  opts: Pick<UploadOptions, "onProgress" | "signal"> = {},
): Promise<Media> {
  const path = id ? `${root(context)}/${encodeURIComponent(id)}` : root(context);
  return upload<Media>(path, form, {
    ...opts,
    method: id ? "PUT" : "POST",
    fallback: id ? "Erreur lors de la mise à jour." : "Erreur lors de la création.",
  });
}

export function deleteMedia(context: AppContext, id: string): Promise<{ message: string }> {
  const fallback = "Erreur lors de la suppression.";
  return context === "admin" ? call(api.admin.media({ id }).delete(), fallback) : call(api.user.media({ id }).delete(), fallback);
}

/** After any media write: every list showing media reloads (spec §7), articles too (their media counts). */
export function mediaChanged(): void {
  revalidate("/api/user/media", "/api/admin/media", "/api/user/articles", "/api/admin/articles", "/api/user/stats");
}
