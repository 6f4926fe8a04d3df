/**
 * The one modal of the apps: a native <dialog> opened with showModal() (the browser traps focus in it, makes the
 * page behind inert and closes it on Escape), in the four sizes of spec §2. With `onSubmit` its body is a form
 * whose footer holds « Annuler » and the submit button; `saving` disables that button and shows ⏳ (spec §2).
 *
 *   <Modal open={open} title="Modifier mon profil" size="lg" onClose={close}
 *          onSubmit={save} submitLabel="Enregistrer" submitDisabled={!valid} saving={saving}>
 *     …fields…
 *   </Modal>
 */
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import "./Modal.css";

export type ModalSize = "sm" | "md" | "lg" | "xl";

export type ModalProps = {
  open: boolean;
  title: string;
  /** Called on Escape, « Annuler », the close button; not while `saving`. */
  onClose: () => void;
  size?: ModalSize;
  children: ReactNode;
  /** Makes the body a form; called on submit (Enter in a field or the submit button). */
  onSubmit?: () => void | Promise<void>;
  submitLabel?: string;
  /** Disables submit (invalid form) without the saving look. */
  submitDisabled?: boolean;
  /** A save is running: submit disabled, ⏳ shown, closing refused. */
  saving?: boolean;
  /** Footer content instead of the default buttons (forms without `onSubmit`, or extra actions). */
  footer?: ReactNode;
  /** Label of the dismiss button in the default footer. */
  cancelLabel?: string;
};

export function Modal(props: ModalProps) {
  const { open, title, onClose, size = "md", children, onSubmit, saving = false } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Keep the latest props for the native listeners below.
  const latest = useRef({ onClose, saving });
  latest.current = { onClose, saving };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape fires "cancel": React state decides whether the dialog closes, so it never closes behind React's back.
    const onCancel = (e: Event) => {
      e.preventDefault();
      if (!latest.current.saving) latest.current.onClose();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, []);

  const close = () => {
    if (!saving) onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (saving || props.submitDisabled) return;
    void onSubmit?.();
  };

  const footer = props.footer ?? (
    <>
      <button type="button" className="btn btn-outline" onClick={close} disabled={saving}>
        {props.cancelLabel ?? "Annuler"}
      </button>
      {onSubmit && (
        <button type="submit" className="btn" disabled={saving || props.submitDisabled} aria-busy={saving || undefined}>
          {saving && <span aria-hidden="true">⏳ </span>}
          {props.submitLabel ?? "Enregistrer"}
        </button>
      )}
    </>
  );

  const body = (
    <>
      <header className="modal-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="modal-close" onClick={close} disabled={saving} aria-label="Fermer">
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="modal-body">{open && children}</div>
      <footer className="modal-foot">{footer}</footer>
    </>
  );

  return (
    <dialog ref={ref} className={`modal modal-${size}`} aria-labelledby={titleId}>
      {onSubmit ? (
        <form className="modal-frame" onSubmit={submit} noValidate>
          {body}
        </form>
      ) : (
        <div className="modal-frame">{body}</div>
      )}
    </dialog>
  );
}
