/**
 * The accepted upload formats (spec §5: audio MP3, WAV, OGG; video MP4, AVI, MKV, WebM; image JPG, PNG, GIF,
 * WebP; pdf PDF; pictures JPG, PNG, WEBP), recognised by their first bytes (`file-type`), never by the client's
 * name or declared type. The stored extension and the served type come from here.
 */
import { fileTypeFromBuffer } from "file-type";

export type FileKind = "audio" | "video" | "image" | "pdf" | "picture";

/** One accepted format: the extension we store it under, the type we serve it with, the kinds it belongs to. */
export type Format = { ext: string; mime: string; kinds: readonly FileKind[] };

const MP3: Format = { ext: "mp3", mime: "audio/mpeg", kinds: ["audio"] };
const WAV: Format = { ext: "wav", mime: "audio/wav", kinds: ["audio"] };
const OGG: Format = { ext: "ogg", mime: "audio/ogg", kinds: ["audio"] };
const MP4: Format = { ext: "mp4", mime: "video/mp4", kinds: ["video"] };
const AVI: Format = { ext: "avi", mime: "video/x-msvideo", kinds: ["video"] };
const MKV: Format = { ext: "mkv", mime: "video/x-matroska", kinds: ["video"] };
const WEBM: Format = { ext: "webm", mime: "video/webm", kinds: ["video"] };
const JPG: Format = { ext: "jpg", mime: "image/jpeg", kinds: ["image", "picture"] };
const PNG: Format = { ext: "png", mime: "image/png", kinds: ["image", "picture"] };
const GIF: Format = { ext: "gif", mime: "image/gif", kinds: ["image"] };
const WEBP: Format = { ext: "webp", mime: "image/webp", kinds: ["image", "picture"] };
const PDF: Format = { ext: "pdf", mime: "application/pdf", kinds: ["pdf"] };

/**
 * `file-type`'s extension -> our format. Ogg audio comes under several names (Vorbis, Opus, FLAC, Speex in an
 * Ogg container); an MP4 tagged M4V is still MP4; an animated PNG is a PNG. Anything absent (Ogg video,
 * QuickTime, M4A, HEIC, SVG, HTML, ...) is refused.
 */
const BY_DETECTED: Record<string, Format> = {
  mp3: MP3,
  wav: WAV,
  ogg: OGG,
  oga: OGG,
  opus: OGG,
  spx: OGG,
  mp4: MP4,
  m4v: MP4,
  avi: AVI,
  mkv: MKV,
  webm: WEBM,
  jpg: JPG,
  png: PNG,
  apng: PNG,
  gif: GIF,
  webp: WEBP,
  pdf: PDF,
};

/** Formats by stored extension (what `uploads-serve.ts` may serve inline). */
export const FORMAT_BY_EXT: Record<string, Format> = Object.fromEntries(
  [MP3, WAV, OGG, MP4, AVI, MKV, WEBM, JPG, PNG, GIF, WEBP, PDF].map((f) => [f.ext, f]),
);

/** How many first bytes the detection reads (file-type's own "reasonable" size). */
export const SNIFF_BYTES = 4100;

/** The accepted format of these first bytes for one of `accept`, and the kind it was accepted as; else null. */
export async function detectFormat(head: Uint8Array, accept: readonly FileKind[]): Promise<{ format: Format; kind: FileKind } | null> {
  const detected = await fileTypeFromBuffer(head);
  const format = detected ? BY_DETECTED[detected.ext] : undefined;
  if (!format) return null;
  const kind = accept.find((k) => format.kinds.includes(k));
  return kind ? { format, kind } : null;
}

const NAMES: Record<FileKind, string> = {
  audio: "MP3, WAV, OGG",
  video: "MP4, AVI, MKV, WebM",
  image: "JPG, PNG, GIF, WebP",
  pdf: "PDF",
  picture: "JPG, PNG, WEBP",
};

/** True when a rule only takes pictures: its messages are the spec's picture messages. */
export function picturesOnly(accept: readonly FileKind[]): boolean {
  return accept.length > 0 && accept.every((k) => k === "picture");
}

/** The French refusal for content of another format. */
export function unsupportedMessage(accept: readonly FileKind[]): string {
  if (picturesOnly(accept)) return "Format d'image non supporté (JPG, PNG, WEBP uniquement)";
  return `Format de fichier non supporté (${[...new Set(accept.map((k) => NAMES[k]))].join(", ")}).`;
}

/** The French refusal for a file over the limit. */
export function tooLargeMessage(accept: readonly FileKind[], maxBytes: number): string {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  if (picturesOnly(accept)) return `Image trop volumineuse (max ${mb}MB)`;
  return `Fichier trop volumineux (max ${mb} Mo).`;
}
