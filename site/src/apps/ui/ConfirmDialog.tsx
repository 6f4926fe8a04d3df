/**
 * A promise-based replacement for window.confirm (spec §5 deletions), drawn as an accessible modal dialog:
 *
 *   if (await confirm("Supprimer cet article ?")) { …delete… }
 *   await confirm(`Supprimer le thème « ${name} » ? Cette action est irréversible.`, { confirmLabel: "Supprimer" })
 *
 * The shell renders <ConfirmHost /> once; focus starts on « Annuler » (the safe choice), Escape cancels, and focus
 * goes back to the control that asked (a modal's field when the question came from a modal).
 */
import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { useEffect, useId, useRef } from "react";
import "./ConfirmDialog.css";

type Request = { text: string; confirmLabel: string; cancelLabel: string; resolve: (ok: boolean) => void };

const $request = atom<Request | null>(null);

export type ConfirmOptions = { confirmLabel?: string; cancelLabel?: string };

/** Asks `text`; resolves true when confirmed, false when cancelled (button, Escape). */
export function confirm(text: string, opts: ConfirmOptions = {}): Promise<boolean> {
  // A second question while one is open answers the first with "no".
  $request.get()?.resolve(false);
  return new Promise((resolve) => {
    $request.set({
      text,
      confirmLabel: opts.confirmLabel ?? "Supprimer",
      cancelLabel: opts.cancelLabel ?? "Annuler",
      resolve: (ok) => {
        $request.set(null);
        resolve(ok);
      },
    });
  });
}

export function ConfirmHost() {
  const request = useStore($request);
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const textId = useId();
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (request && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      cancelRef.current?.focus();
    }
    if (!request && dialog.open) {
      dialog.close();
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [request]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (e: Event) => {
      e.preventDefault();
      $request.get()?.resolve(false);
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, []);

  return (
    <dialog ref={ref} className="modal modal-sm confirm-dialog" role="alertdialog" aria-modal="true" aria-labelledby={textId}>
      <div className="confirm-frame">
        <p id={textId} className="confirm-text">
          {request?.text}
        </p>
        <div className="confirm-actions">
          <button ref={cancelRef} type="button" className="btn btn-outline" onClick={() => request?.resolve(false)}>
            {request?.cancelLabel ?? "Annuler"}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => request?.resolve(true)}>
            {request?.confirmLabel ?? "Supprimer"}
          </button>
        </div>
      </div>
    </dialog>
  );
}
