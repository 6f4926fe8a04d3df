/**
 * The media form's rules (spec §5), apart from the UI so they are tested alone: the draft, the accepted formats
 * of each file type (for the picker's `accept` and a first check before anything is sent; the server checks the
 * content itself), the checks with the spec's exact messages, and the multipart body of POST/PUT .../media.
 */
import type { Media, MediaType } from "../../../../api/contract";
import { formatBytes } from "../ui/UploadProgress";

export const MEDIA_TYPES: readonly MediaType[] = ["audio", "video", "image", "pdf", "link", "external"];
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 1000;

export type FileMediaType = "audio" | "video" | "image" | "pdf";

/** Spec §5's formats: file extensions and the types browsers give them. */
export const FILE_FORMATS: Record<FileMediaType, { exts: string[]; mimes: string[]; names: string }> = {
  audio: { exts: ["mp3", "wav", "ogg", "oga", "opus"], mimes: ["audio/mpeg", "audio/mp3", "audio/wav", "audio/x-wav", "audio/wave", "audio/ogg"], names: "MP3, WAV, OGG" },
  video: { exts: ["mp4", "m4v", "avi", "mkv", "webm"], mimes: ["video/mp4", "video/x-msvideo", "video/avi", "video/x-matroska", "video/webm"], names: "MP4, AVI, MKV, WebM" },
  image: { exts: ["jpg", "jpeg", "png", "gif", "webp"], mimes: ["image/jpeg", "image/png", "image/gif", "image/webp"], names: "JPG, PNG, GIF, WebP" },
  pdf: { exts: ["pdf"], mimes: ["application/pdf"], names: "PDF" },
};

export function isFileType(type: string): type is FileMediaType {
  return type in FILE_FORMATS;
}

/** The file picker's `accept` for a type: its extensions and types. */
export function acceptOf(type: FileMediaType): string {
  const f = FILE_FORMATS[type];
  return [...f.exts.map((e) => `.${e}`), ...f.mimes].join(",");
}

/** The refusal of a file whose name and type both say it is not of `type` (the server's own wording). */
export function fileProblem(type: FileMediaType, file: Pick<File, "name" | "type">): string | null {
  const f = FILE_FORMATS[type];
  const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? "";
  if (f.exts.includes(ext) || f.mimes.includes(file.type.toLowerCase())) return null;
  return `Format de fichier non supporté (${f.names}).`;
}

export type MediaDraft = {
  title: string;
  type: MediaType | "";
  description: string;
  externalUrl: string;
  /** Comma separated, as typed. */
  tags: string;
  file: File | null;
};

export type MediaErrors = Partial<Record<"title" | "type" | "description" | "externalUrl" | "file", string>>;

export function draftOf(media: Media | null): MediaDraft {
  if (!media) return { title: "", type: "", description: "", externalUrl: "", tags: "", file: null };
  return {
    title: media.title,
    type: media.type,
    description: media.description,
    externalUrl: media.externalUrl,
    tags: media.tags.join(", "),
    file: null,
  };
}

/** An absolute http(s) address (what the server accepts for link and external media). */
export function isWebUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * A file is required on create, and on edit when the stored media has no file of the chosen type (a new type,
 * or a link becoming a file): the server keeps the stored file otherwise.
 */
export function fileRequired(draft: MediaDraft, stored: Media | null): boolean {
  if (!isFileType(draft.type)) return false;
  return !stored || stored.type !== draft.type || !stored.path;
}

/** The spec's messages for each field in trouble (empty object: the form may be sent). */
export function mediaErrors(d: MediaDraft, stored: Media | null): MediaErrors {
  const errors: MediaErrors = {};
  const title = d.title.trim();
  if (!title) errors.title = "Le titre est obligatoire";
  else if (title.length > TITLE_MAX) errors.title = "Le titre est trop long (max 200 caractères)";
  if (!d.type) errors.type = "Le type de média est obligatoire";
  const description = d.description.trim();
  if (!description) errors.description = "La description est obligatoire";
  else if (description.length > DESCRIPTION_MAX) errors.description = "La description est trop longue (max 1000 caractères)";
  if (d.type === "link" || d.type === "external") {
    const url = d.externalUrl.trim();
    if (!url) errors.externalUrl = "L'URL est obligatoire pour une ressource externe";
    else if (!isWebUrl(url)) errors.externalUrl = "L'URL n'est pas valide";
  } else if (isFileType(d.type)) {
    if (d.file) {
      const problem = fileProblem(d.type, d.file);
      if (problem) errors.file = problem;
    } else if (fileRequired(d, stored)) errors.file = "Un fichier est obligatoire";
  }
  return errors;
}

/** "a, b ,, c" -> "a, b, c": trimmed, empties and repeats dropped (an empty text clears the stored tags). */
export function cleanTags(text: string): string {
  return [...new Set(text.split(",").map((t) => t.trim()).filter(Boolean))].join(", ");
}

/** The multipart body (spec §7): title, type, description, tags, and externalUrl or file. */
export function mediaFormData(d: MediaDraft): FormData {
  const form = new FormData();
  form.append("title", d.title.trim());
  form.append("type", d.type);
  form.append("description", d.description.trim());
  form.append("tags", cleanTags(d.tags));
  if (d.type === "link" || d.type === "external") form.append("externalUrl", d.externalUrl.trim());
  // The file goes last: the server has every text field before the (possibly long) file arrives.
  else if (d.file) form.append("file", d.file, d.file.name);
  return form;
}

/**
 * The stored file as the edit form names it (issue 19 §3.15): the name it had on the uploader's machine, not the
 * generated one, and its format (from the stored extension, which the server derives from the content) and size.
 * Files kept before names were recorded read « Fichier MP3 ».
 */
export function storedFileText(media: Pick<Media, "path" | "file">): { name: string; details: string } | null {
  if (!media.path) return null;
  const ext = (/\.([^./]+)$/.exec(media.path)?.[1] ?? "").toLowerCase();
  const format = ext === "jpeg" ? "JPG" : ext.toUpperCase();
  const name = media.file?.name || (format ? `Fichier ${format}` : "Fichier");
  const size = media.file?.size;
  return { name, details: [format, typeof size === "number" ? formatBytes(size) : null].filter(Boolean).join(", ") };
}
