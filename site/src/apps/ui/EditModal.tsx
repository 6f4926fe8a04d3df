/**
 * The create / edit modal of one item: on opening, an empty form (create) or the stored item loaded by id (edit);
 * the form shows only once the item is there, and a member opening an item that is not theirs sees the refusal
 * instead (the server refuses the write with the same 403 text). Used by the article and media forms.
 */
import { useEffect, useState, type ReactNode } from "react";
import { errorText } from "../lib/api";
import { Modal, type ModalProps } from "./Modal";

export type EditPhase<T> = { state: "loading" } | { state: "ready"; item: T | null } | { state: "refused"; message: string };

export type EditedItemOptions<T> = {
  open: boolean;
  /** null: a new item. */
  id: string | null;
  load: (id: string) => Promise<T>;
  /** Whether the viewer may edit the loaded item (else `refusedText` is shown). */
  allowed: (item: T) => boolean;
  refusedText: string;
  /** Shown when loading fails without a server message (spec §8 fallbacks). */
  loadError: string;
  /** Called with null on every opening, then with the item once loaded: the form starts again from it. */
  reset: (item: T | null) => void;
};

/** The phase of an edit modal; `deps` are what else decides which item is loaded (context, viewer). */
export function useEditedItem<T>(opts: EditedItemOptions<T>, deps: readonly unknown[]): EditPhase<T> {
  const [phase, setPhase] = useState<EditPhase<T>>({ state: "ready", item: null });
  useEffect(() => {
    if (!opts.open) return;
    opts.reset(null);
    if (!opts.id) {
      setPhase({ state: "ready", item: null });
      return;
    }
    let current = true;
    setPhase({ state: "loading" });
    opts.load(opts.id).then(
      (item) => {
        if (!current) return;
        if (!opts.allowed(item)) {
          setPhase({ state: "refused", message: opts.refusedText });
          return;
        }
        opts.reset(item);
        setPhase({ state: "ready", item });
      },
      (err) => current && setPhase({ state: "refused", message: errorText(err, opts.loadError) }),
    );
    return () => {
      current = false;
    };
    // The callbacks are fresh on every render; only these values decide what to load.
  }, [opts.open, opts.id, ...deps]);
  return phase;
}

/** A Modal that shows the loading and refused phases itself, with only « Fermer » until the form is ready. */
export function EditModal<T>({ phase, onSubmit, children, ...modal }: Omit<ModalProps, "footer"> & { phase: EditPhase<T> }) {
  const ready = phase.state === "ready";
  return (
    <Modal
      {...modal}
      onSubmit={ready ? onSubmit : undefined}
      footer={
        ready ? undefined : (
          <button type="button" className="btn btn-outline" onClick={modal.onClose}>
            Fermer
          </button>
        )
      }
    >
      {phase.state === "loading" && <p role="status">Chargement...</p>}
      {phase.state === "refused" && (
        <p className="field-error" role="alert">
          {phase.message}
        </p>
      )}
      {ready && children}
    </Modal>
  );
}
