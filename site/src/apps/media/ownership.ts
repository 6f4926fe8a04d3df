/**
 * Who may open a media's edit form (issue 9: a member edits only the media they uploaded). The server is the
 * authority and refuses every other write with 403; this text is its 403 message word for word
 * (api/modules/media/writes.ts), shown as soon as a member opens the edit address of someone else's media:
 * reading a public media is allowed, so the read itself does not answer 403.
 */
import type { Media } from "../../../../api/contract";

export const NOT_YOUR_MEDIA = "Ce média n'est pas le vôtre\u00a0: seul son auteur peut le modifier ou le supprimer.";

/** Spec §2: mine when the uploader's id is the viewer's. */
export function uploadedBy(media: Pick<Media, "uploadedBy">, userId: string): boolean {
  return media.uploadedBy?._id === userId;
}
