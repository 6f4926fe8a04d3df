/**
 * The line under a file card's title: « PDF, 1,2 Mo ». The media library knows the size of files uploaded since
 * their names were recorded; for older files (the demo's among them) the size is asked of the file itself with a
 * HEAD request (its Content-Length), and the card says « PDF » alone when even that fails.
 */
import type { MediaChoice } from "../../media-library/picker-state";
import { storedFileText } from "../../media/media-form";

export async function fileDetails(media: MediaChoice): Promise<string> {
  const path = media.path ?? "";
  let size = media.file?.size ?? null;
  if (size === null) {
    try {
      const res = await fetch(path, { method: "HEAD" });
      const length = Number(res.headers.get("content-length"));
      if (res.ok && length > 0) size = length;
    } catch {
      // Offline or refused: the format alone.
    }
  }
  return storedFileText({ path, file: { name: media.file?.name ?? "", mime: media.file?.mime ?? "", size } })?.details ?? "PDF";
}
