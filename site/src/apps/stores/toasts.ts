/**
 * Transient messages of every screen (spec §4: success 3 s, errors 5 s). The shell renders them in two live
 * regions (polite for success, assertive for errors), so screen readers announce them without moving focus.
 *
 *   toast.success("Profil mis à jour.");
 *   toast.error(errorText(e, "Erreur lors de la mise à jour du profil"));
 *   toast.error(text, { action: `online:${id}` });   // …later toast.success(text, { action: `online:${id}` }) clears it
 *
 * While a modal is open, the page behind it is inert (hidden from screen readers, under the backdrop): messages
 * then show inside the top-most modal, next to its buttons (Modal renders <ToastList />). An error raised there
 * stays until the person acts again in that dialog or closes it, instead of fading after 5 s.
 */
import { atom } from "nanostores";

export type ToastKind = "success" | "error";
export type Toast = {
  id: number;
  kind: ToastKind;
  text: string;
  /** What the message is about (e.g. `online:<id>`): a later success of the same action removes its errors. */
  action?: string;
  /** The modal that was on top when the message was raised (null: none). */
  modal: number | null;
  /** « Annuler » in the message (a deletion taken back from the trash, issue 32 §4). */
  undo?: () => void;
};

/** How long each kind stays on screen (spec §4, §9). */
export const TOAST_MS: Record<ToastKind, number> = { success: 3_000, error: 5_000 };

/**
 * A message offering « Annuler » stays longer than the spec's 3 s: reaching its button takes a keyboard user
 * several key presses (WCAG 2.2.1, timing adjustable); the item stays in the trash for 30 days anyway.
 */
export const UNDO_TOAST_MS = 10_000;

export const $toasts = atom<Toast[]>([]);

/** Ids of the open modals, the top-most last (maintained by Modal). */
export const $openModals = atom<number[]>([]);

let next = 1;

export type ToastOptions = { action?: string; undo?: () => void };

function show(kind: ToastKind, text: string, opts: ToastOptions = {}): number {
  const id = next++;
  const modal = $openModals.get().at(-1) ?? null;
  let list = $toasts.get();
  // A success settles the action: its earlier failures are no longer true (issue 19 §3.3).
  if (kind === "success" && opts.action) list = list.filter((t) => !(t.kind === "error" && t.action === opts.action));
  $toasts.set([...list, { id, kind, text, action: opts.action, modal, undo: opts.undo }]);
  // An error shown inside a dialog waits for the person; everything else fades (spec §4).
  if (kind === "success" || modal === null) setTimeout(() => dismiss(id), opts.undo ? UNDO_TOAST_MS : TOAST_MS[kind]);
  return id;
}

export function dismiss(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** Removes the errors raised while `modal` was on top (the dialog closed, or its action is being tried again). */
export function dismissModalErrors(modal: number): void {
  const list = $toasts.get();
  if (list.some((t) => t.kind === "error" && t.modal === modal)) $toasts.set(list.filter((t) => !(t.kind === "error" && t.modal === modal)));
}

/** Registers an opened modal; returns its id. */
export function modalOpened(): number {
  const id = next++;
  $openModals.set([...$openModals.get(), id]);
  return id;
}

export function modalClosed(id: number): void {
  $openModals.set($openModals.get().filter((m) => m !== id));
  dismissModalErrors(id);
}

export const toast = {
  success: (text: string, opts?: ToastOptions) => show("success", text, opts),
  error: (text: string, opts?: ToastOptions) => show("error", text, opts),
};
