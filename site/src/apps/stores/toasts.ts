/**
 * Transient messages of every screen (spec §4: success 3 s, errors 5 s). The shell renders them in two live
 * regions (polite for success, assertive for errors), so screen readers announce them without moving focus.
 *
 *   toast.success("Profil mis à jour.");
 *   toast.error(errorText(e, "Erreur lors de la mise à jour du profil"));
 */
import { atom } from "nanostores";

export type ToastKind = "success" | "error";
export type Toast = { id: number; kind: ToastKind; text: string };

/** How long each kind stays on screen (spec §4, §9). */
export const TOAST_MS: Record<ToastKind, number> = { success: 3_000, error: 5_000 };

export const $toasts = atom<Toast[]>([]);

let next = 1;

function show(kind: ToastKind, text: string): number {
  const id = next++;
  $toasts.set([...$toasts.get(), { id, kind, text }]);
  setTimeout(() => dismiss(id), TOAST_MS[kind]);
  return id;
}

export function dismiss(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

export const toast = {
  success: (text: string) => show("success", text),
  error: (text: string) => show("error", text),
};
