/**
 * The media library picker's rules, apart from the UI so they are tested alone: what a choice keeps of a media,
 * how a click changes the choice (one or several), the count line, the page asked of the server, and the upload
 * form's first guesses from a chosen file (its type and a title from its name). Pure.
 */
import type { Media } from "../../../../api/contract";
import { pluralWord } from "../../lib/format";
import { FILE_FORMATS, fileProblem, type FileMediaType } from "../media/media-form";

/**
 * What the picker and the forms keep of a chosen media: enough to list it and draw its preview, and its `url`
 * (the public page's address, for the editor's « Lien vers un média ») when it came from the API.
 */
export type MediaChoice = Pick<Media, "_id" | "title" | "type"> & Partial<Pick<Media, "thumbnail" | "path" | "url" | "approved" | "online" | "file">>;

/** Media a page of the picker shows (the server's pages are 25, 50 or 100: 25 fill a dialog). */
export const PICKER_PAGE_SIZE = 25;

export const choiceOf = (m: MediaChoice): MediaChoice => ({
  _id: m._id,
  title: m.title,
  type: m.type,
  thumbnail: m.thumbnail ?? null,
  path: m.path ?? "",
  ...(m.url ? { url: m.url } : {}),
  // Its original name and size: the editor's file card shows « PDF, 1,2 Mo » (issue 32 §1).
  ...(m.file ? { file: m.file } : {}),
  // Whether readers can see it yet (the editor warns before putting an unpublished picture in a text).
  ...(m.approved !== undefined && m.online !== undefined ? { approved: m.approved, online: m.online } : {}),
});

/** The choice after a click on `media`: added or removed (several), or it alone (one; a second click keeps it). */
export function toggleChoice(chosen: readonly MediaChoice[], media: MediaChoice, multiple: boolean): MediaChoice[] {
  const has = chosen.some((c) => c._id === media._id);
  if (!multiple) return [choiceOf(media)];
  return has ? chosen.filter((c) => c._id !== media._id) : [...chosen, choiceOf(media)];
}

/** « Aucun média choisi », « 1 média choisi », « 3 médias choisis ». */
export function chosenText(n: number): string {
  return n === 0 ? "Aucun média choisi" : `${n} ${pluralWord(n, "média", "médias")} ${pluralWord(n, "choisi", "choisis")}`;
}

/** The picker's own state (not in the address: it lives inside a dialog). */
export type PickerQuery = { q: string; type: string; page: number };

/** The server query of a picker page (the list routes' paged shape, newest first). */
export function pickerApiQuery(query: PickerQuery): Record<string, string | number> {
  const out: Record<string, string | number> = { page: query.page, pageSize: PICKER_PAGE_SIZE, sort: "recent" };
  if (query.q.trim()) out.q = query.q.trim();
  if (query.type) out.type = query.type;
  return out;
}

/** The file type a file is of by its name or browser type (the server checks the content), or "" when none fits. */
export function fileTypeOf(file: Pick<File, "name" | "type">): FileMediaType | "" {
  return (Object.keys(FILE_FORMATS) as FileMediaType[]).find((t) => fileProblem(t, file) === null) ?? "";
}

/** "compte-rendu_2025.pdf" -> "compte-rendu 2025": a first title the person may change. */
export function titleFromFileName(name: string): string {
  return name.replace(/\.[^.]+$/, "").replace(/_+/g, " ").replace(/\s+/g, " ").trim().slice(0, 200);
}
