/**
 * The one modal of the apps: a native <dialog> opened with showModal() (the browser traps focus in it, makes the
 * page behind inert and closes it on Escape), in the four sizes of spec §2. With `onSubmit` its body is a form
 * whose footer holds « Annuler » and the submit button; `saving` disables that button and shows a busy icon.
 *
 *   <Modal open={open} title="Modifier mon profil" size="lg" onClose={close}
 *          onSubmit={save} submitLabel="Enregistrer" submitDisabled={!valid} saving={saving}>
 *     …fields…
 *   </Modal>
 *
 * What every modal does by itself (issue 19 §3):
 * - messages raised while it is on top (toast.success / toast.error, and an error thrown by `onSubmit`) show in
 *   its footer, next to the action, in live regions (role="status" / role="alert");
 * - a form changed by the person asks « Quitter sans enregistrer ? » before Escape, « Annuler », the close button
 *   or the back button throw the changes away, and the browser asks before the page is left;
 * - focus goes back to the control that opened it, even when the dialog is removed rather than closed;
 * - it opens with focus in its first field (issue 32), or in that field once it appears (a form loading its item),
 *   not on « Fermer », where the browser puts it: typing a link's address then went nowhere and a space closed it.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { errorText } from "../lib/api";
import { dismissModalErrors, modalClosed, modalOpened, toast } from "../stores/toasts";
import { confirm } from "./ConfirmDialog";
import { Icon } from "./Icon";
import { useBackCloses } from "./modal-history";
import { ToastList } from "./Toasts";
import "./Modal.css";

export type ModalSize = "sm" | "md" | "lg" | "xl";

/** The question asked before unsaved changes are thrown away. */
export const DISCARD_QUESTION = "Quitter sans enregistrer\u00a0?";

export type ModalProps = {
  open: boolean;
  title: string;
  /** Called on Escape, « Annuler », the close button, the back button (after the unsaved-changes question); not while `saving`. */
  onClose: () => void;
  size?: ModalSize;
  children: ReactNode;
  /**
   * Makes the body a form; called on submit (Enter in a field or the submit button). What it throws is shown in
   * the dialog (its French message, else `errorFallback`).
   */
  onSubmit?: () => void | Promise<void>;
  submitLabel?: string;
  /** Disables submit (invalid form) without the saving look. */
  submitDisabled?: boolean;
  /** A save is running: submit disabled, busy icon shown, closing refused. */
  saving?: boolean;
  /** Footer content instead of the default buttons (forms without `onSubmit`, or extra actions). */
  footer?: ReactNode;
  /** Buttons shown between « Annuler » and submit in the default footer (e.g. « Enregistrer le brouillon »). */
  extraActions?: ReactNode;
  /** Label of the dismiss button in the default footer. */
  cancelLabel?: string;
  /** Shown when `onSubmit` throws something without a French message. */
  errorFallback?: string;
  /**
   * Whether typing in the dialog counts as unsaved changes (default: for forms). Off for dialogs whose fields are
   * not worth a question (a crop frame, the choice of who receives a deleted member's articles).
   */
  guardChanges?: boolean;
  /**
   * For a form that saves itself (the article draft's autosave): whether what was typed since opening is still
   * unsaved. Without it, anything typed counts until the dialog closes.
   */
  unsaved?: () => boolean;
};

export function Modal(props: ModalProps) {
  const { open, title, onClose, size = "md", children, onSubmit } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [submitting, setSubmitting] = useState(false);
  const saving = props.saving === true || submitting;
  const [modalId, setModalId] = useState<number | null>(null);
  const dirty = useRef(false);
  const asking = useRef(false);
  const guard = props.guardChanges ?? onSubmit !== undefined;

  // Keep the latest props for the native listeners below.
  const latest = useRef({ onClose, saving, guard, unsaved: props.unsaved });
  latest.current = { onClose, saving, guard, unsaved: props.unsaved };
  const isDirty = () => dirty.current && (latest.current.unsaved?.() ?? true);

  /** A close asked for by the person: refused while saving, questioned when something was typed. */
  const requestClose = async (): Promise<boolean> => {
    const now = latest.current;
    if (now.saving || asking.current) return false;
    if (now.guard && isDirty()) {
      asking.current = true;
      const leave = await confirm(DISCARD_QUESTION, { confirmLabel: "Quitter sans enregistrer", cancelLabel: "Continuer la saisie" });
      asking.current = false;
      if (!leave) return false;
    }
    latest.current.onClose();
    return true;
  };
  const closeRef = useRef(requestClose);
  closeRef.current = requestClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    // The control that opened the dialog gets focus back, whether the dialog closes or is removed.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const stopFocusing = focusFirstField(dialog);
    dirty.current = false;
    const id = modalOpened();
    setModalId(id);
    const changed = () => {
      dirty.current = true;
    };
    dialog.addEventListener("input", changed);
    dialog.addEventListener("change", changed);
    // Leaving the page (reload, another address, closing the tab) with unsaved changes: the browser asks.
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!latest.current.guard || !isDirty()) return;
      e.preventDefault();
      e.returnValue = "";
    };
    addEventListener("beforeunload", beforeUnload);
    return () => {
      stopFocusing();
      dialog.removeEventListener("input", changed);
      dialog.removeEventListener("change", changed);
      removeEventListener("beforeunload", beforeUnload);
      modalClosed(id);
      if (dialog.open) dialog.close();
      if (opener?.isConnected && (!document.activeElement || document.activeElement === document.body || dialog.contains(document.activeElement))) {
        opener.focus();
      }
    };
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape fires "cancel": React state decides whether the dialog closes, so it never closes behind React's back.
    const onCancel = (e: Event) => {
      e.preventDefault();
      void closeRef.current();
    };
    // Chrome lets a page refuse Escape only once between two clicks or key presses: a second Escape closes the
    // dialog anyway. React still wants it open: show it again and ask as for any other close.
    const onNativeClose = () => {
      if (!openRef.current) return;
      dialog.showModal();
      void closeRef.current();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onNativeClose);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onNativeClose);
    };
  }, []);
  const openRef = useRef(open);
  openRef.current = open;

  useBackCloses(open, (rearm) => {
    void closeRef.current().then((closed) => {
      if (!closed) rearm();
    });
  });

  const close = () => void requestClose();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving || props.submitDisabled || !onSubmit) return;
    // A new attempt: the errors of the last one are no longer the news (issue 19 §3.3).
    if (modalId !== null) dismissModalErrors(modalId);
    setSubmitting(true);
    try {
      await onSubmit();
    } catch (err) {
      toast.error(errorText(err, props.errorFallback ?? "L'enregistrement a échoué. Réessayez."));
    } finally {
      setSubmitting(false);
    }
  };

  const footer = props.footer ?? (
    <>
      <button type="button" className="btn btn-outline" onClick={close} disabled={saving}>
        {props.cancelLabel ?? "Annuler"}
      </button>
      {props.extraActions}
      {onSubmit && (
        <button type="submit" className="btn" disabled={saving || props.submitDisabled} aria-busy={saving || undefined}>
          {saving && (
            <>
              <Icon name="busy" />{" "}
            </>
          )}
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
          <Icon name="close" />
        </button>
      </header>
      <div className="modal-body">{open && children}</div>
      <footer className="modal-foot">
        <ToastList inModal={modalId} className="modal-messages" />
        <div className="modal-actions">{footer}</div>
      </footer>
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

/** The fields a person types into or chooses in, in document order (not buttons: they act at once). */
const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"]';

/**
 * Puts focus in the dialog's first visible field, now or when one appears (a form waiting for its item), as long as
 * the person has not moved focus themselves. Answers a function stopping the wait.
 */
function focusFirstField(dialog: HTMLDialogElement): () => void {
  const untouched = () => {
    const active = document.activeElement;
    return !active || active === document.body || active === dialog || active.classList.contains("modal-close");
  };
  const tryFocus = (): boolean => {
    if (!untouched()) return true;
    const field = Array.from(dialog.querySelectorAll<HTMLElement>(FIELD)).find((el) => el.getClientRects().length > 0);
    if (!field) return false;
    field.focus();
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) observer.disconnect();
  });
  observer.observe(dialog, { childList: true, subtree: true });
  return () => observer.disconnect();
}
