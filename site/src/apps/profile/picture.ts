/**
 * Profile picture calls (spec §4, §7): the crop is saved as soon as it is made; the original is sent when the
 * profile is saved. Both are multipart, through the XHR uploader.
 */
import { upload } from "../lib/api";

/** Formats and size accepted by the picture picker (spec §5 messages). */
export const PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp"];
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** The picker's verdict on a chosen file: null when fine, else the message to show (and the choice is cleared). */
export function pictureProblem(file: File): string | null {
  if (!PICTURE_TYPES.includes(file.type)) return "❌ Format non supporté. Utilisez JPG, PNG ou WEBP.";
  if (file.size > PICTURE_MAX_BYTES) return "❌ Fichier trop volumineux (max 5MB).";
  return null;
}

export function saveCroppedPicture(blob: Blob): Promise<unknown> {
  const form = new FormData();
  form.append("croppedPic", blob, "profile.jpg");
  return upload("/api/user/profile-pic-crop", form, { fallback: "❌ Erreur lors du recadrage" });
}

export function saveOriginalPicture(file: File): Promise<unknown> {
  const form = new FormData();
  form.append("originalPic", file, file.name);
  return upload("/api/user/profile-pic/original", form, { method: "PUT", fallback: "❌ Erreur lors de l’envoi de l’image originale" });
}
