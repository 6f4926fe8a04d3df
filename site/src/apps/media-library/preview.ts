/**
 * What the media library shows for a media: its picture (the thumbnail, else an image media's own file), with the
 * responsive variants the server wrote, or the icon of its type (audio, video, documents, links). Pure.
 */
import type { Media } from "../../../../api/contract";
import { thumbnailSrc } from "../../lib/paths";
import { variantSrcset } from "../../lib/picture";
import type { IconName } from "../ui/Icon";

export type Preview = { kind: "picture"; src: string; srcSet: string | undefined } | { kind: "icon"; icon: IconName };

const ICONS: Record<Media["type"], IconName> = {
  audio: "audio",
  video: "video",
  image: "image",
  pdf: "document",
  link: "link",
  external: "external",
};

/** What a preview needs of a media (a choice may lack the thumbnail and the path: it then shows the icon). */
export type Previewed = Pick<Media, "type"> & { thumbnail?: string | null; path?: string };

export function previewOf(media: Previewed): Preview {
  if (media.thumbnail) {
    const src = thumbnailSrc(media.thumbnail);
    return { kind: "picture", src, srcSet: variantSrcset(src, "media_thumbnails", "webp") ?? undefined };
  }
  if (media.type === "image" && media.path) return { kind: "picture", src: media.path, srcSet: variantSrcset(media.path, "media", "webp") ?? undefined };
  return { kind: "icon", icon: ICONS[media.type] ?? "document" };
}
