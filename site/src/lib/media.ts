/** Media library vocabulary: the six types, their French labels, and how a media's source is described. */
import type { Media, MediaType } from "../../../api/contract";
import { sourceLabel, youtubeId } from "./embed";
import { thumbnailSrc } from "./paths";
import type { PictureArea } from "./picture";

export const MEDIA_TYPES: MediaType[] = ["audio", "video", "pdf", "image", "external", "link"];

export const TYPE_LABEL: Record<MediaType, string> = {
  audio: "Audio",
  video: "Vidéo",
  pdf: "PDF",
  image: "Image",
  external: "Externe",
  link: "Lien",
};

/** Icon of a media without a preview picture, in list rows (components/Icon.astro names). */
export const TYPE_ICON: Record<MediaType, "play" | "download" | "external" | "list"> = {
  audio: "play",
  video: "play",
  pdf: "download",
  image: "list",
  external: "external",
  link: "external",
};

/** Page titles of /mediatheque/{type}. */
export const TYPE_TITLE: Record<MediaType, string> = {
  audio: "Audios",
  video: "Vidéos",
  pdf: "Documents PDF",
  image: "Images",
  external: "Ressources externes",
  link: "Liens",
};

/** Where the media's content lives: its own uploaded file first, else its external URL. */
export const mediaSource = (m: Pick<Media, "path" | "externalUrl">) => m.path || m.externalUrl;

/** "YouTube", "Fichier", "vimeo.com"... for table columns. */
export function mediaOrigin(m: Pick<Media, "path" | "externalUrl">): string {
  if (m.path && !m.externalUrl) return "Fichier";
  if (youtubeId(m.externalUrl)) return "YouTube";
  return sourceLabel(m.externalUrl) || (m.path ? "Fichier" : "");
}

/** The preview as an uploaded picture with its variant area (for Picture.astro), or null. */
export function previewPicture(m: Pick<Media, "type" | "thumbnail" | "path">): { src: string; area: PictureArea } | null {
  if (m.thumbnail) return { src: thumbnailSrc(m.thumbnail), area: "media_thumbnails" };
  return m.type === "image" && m.path ? { src: m.path, area: "media" } : null;
}

/** A first-party preview image: the thumbnail, or the picture itself for image media. */
export function previewSrc(m: Pick<Media, "type" | "thumbnail" | "path">): string | null {
  if (m.thumbnail) return thumbnailSrc(m.thumbnail);
  return m.type === "image" && m.path ? m.path : null;
}
