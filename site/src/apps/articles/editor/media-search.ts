/**
 * The media a « Lien vers un média » may point at: one page of GET /api/user/media searched by title (the media
 * the member sees: their own and the community's public ones). Kept in this one file so that the library's media
 * picker can replace it later.
 */
import type { Media } from "../../../../../api/contract";
import { mediaDetailHref } from "../../../lib/paths";
import { api, call } from "../../lib/api";
import { wholeList } from "../../lib/whole-list";

export type MediaHit = { id: string; title: string; type: Media["type"]; href: string; isPublic: boolean };

export async function searchMedia(q: string): Promise<MediaHit[]> {
  const answer = await call(api.user.media.get({ query: { page: 1, q: q.trim() || undefined } }), "Erreur lors de la recherche des médias.");
  return wholeList(answer).map((m) => ({ id: m._id, title: m.title, type: m.type, href: mediaDetailHref(m), isPublic: m.approved && m.online }));
}
