/** Sends a picture of the article's text to the server, which resizes it and answers its address and size. */
import type { BodyPicture } from "../../../../../api/contract";
import { upload, type Progress } from "../../lib/api";

/** The formats the server accepts for pictures (api/lib/uploads/formats.ts). */
export const PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];

export const isPicture = (file: File) => PICTURE_TYPES.includes(file.type);

export function uploadBodyPicture(file: File, onProgress: (p: Progress) => void, signal: AbortSignal): Promise<BodyPicture> {
  const form = new FormData();
  form.append("picture", file);
  return upload<BodyPicture>("/api/user/articles/body-pictures", form, { onProgress, signal, fallback: "Erreur lors de l'envoi de l'image." });
}
