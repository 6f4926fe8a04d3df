/**
 * From the media form's fields (as the upload reader gives them: every value a list of strings, multipart and
 * JSON alike) to clean values, with the exact messages of §5. Pure: no database, no HTTP.
 */
import { t } from "elysia";
import { MEDIA_TYPES } from "../../../db/schema";
import { BadRequestError } from "../../lib/errors";
import { formValues } from "../../lib/form-fields";
import type { FormFields } from "../../lib/uploads/form";
import { listOf } from "../articles/input";
import { MediaBody, type MediaType } from "./model";

/** The media form's text fields (the file travels apart): the only ones the upload reader takes. */
const MediaFields = t.Omit(MediaBody, ["file"]);
export const MEDIA_FIELDS = Object.keys(MediaFields.properties);

export const FILE_TYPES = ["audio", "video", "image", "pdf"] as const;
export type FileMediaType = (typeof FILE_TYPES)[number];

export type MediaInput =
  | { title: string; type: FileMediaType; description: string; tags: string[] | undefined; externalUrl: "" }
  | { title: string; type: "link" | "external"; description: string; tags: string[] | undefined; externalUrl: string };

export function isFileType(type: MediaType): type is FileMediaType {
  return (FILE_TYPES as readonly string[]).includes(type);
}

/**
 * An address a visitor may safely follow: absolute http(s) only. `javascript:`, `data:` and the like would run
 * in the visitor's browser from the media page's link.
 */
export function isSafeUrl(text: string): boolean {
  if (text.length > 2000 || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** One text field, NFC (one stored form for each accented letter, which search relies on), trimmed. */
const one = (value: string | undefined) => (value ?? "").normalize("NFC").trim();

/**
 * Checks and cleans the media form; throws a BadRequestError with the spec's message on the first problem. An
 * unknown field, a repeated one or a value of the wrong JSON type is refused first (formValues).
 */
export function readMediaInput(form: FormFields): MediaInput {
  const fields = formValues(MediaFields, form);
  const title = one(fields.title);
  if (!title) throw new BadRequestError("Le titre est obligatoire");
  if (title.length > 200) throw new BadRequestError("Le titre est trop long (max 200 caractères)");
  const type = one(fields.type);
  if (!type) throw new BadRequestError("Le type de média est obligatoire");
  if (!(MEDIA_TYPES as readonly string[]).includes(type)) throw new BadRequestError("Type de média inconnu.");
  const description = one(fields.description);
  if (!description) throw new BadRequestError("La description est obligatoire");
  if (description.length > 1000) throw new BadRequestError("La description est trop longue (max 1000 caractères)");
  const tags = listOf(fields.tags, true);
  if (tags && tags.length > 30) throw new BadRequestError("Trop de mots-clés (30 au plus).");
  if (tags?.some((k) => k.length > 60)) throw new BadRequestError("Un mot-clé est trop long (60 caractères au plus).");
  if (type === "link" || type === "external") {
    const externalUrl = one(fields.externalUrl);
    if (!externalUrl) throw new BadRequestError("L'URL est obligatoire pour une ressource externe");
    if (!isSafeUrl(externalUrl)) throw new BadRequestError("L'URL n'est pas valide");
    return { title, type, description, tags, externalUrl };
  }
  return { title, type: type as FileMediaType, description, tags, externalUrl: "" };
}
