/**
 * The toast regions. Two live regions exist from the first render (a region added together with its text is often
 * not announced): success messages are polite, errors assertive. Messages come from `toast.success()` /
 * `toast.error()` (stores/toasts.ts). The shell renders <Toasts /> once for the page; every Modal renders
 * <ToastList inModal={id} /> in its footer, and the messages show in the top-most open modal, else on the page (a
 * page behind a modal is inert: a message there would be neither seen nor announced).
 */
import { useStore } from "@nanostores/react";
import { $openModals, $toasts, dismiss, type Toast } from "../stores/toasts";
import { Icon } from "./Icon";
import "./Toasts.css";

function Item({ t }: { t: Toast }) {
  return (
    <div className={`toast toast-${t.kind}`}>
      <Icon name={t.kind === "success" ? "check" : "warning"} className="toast-icon" />
      <span className="toast-text">{t.text}</span>
      {t.undo && (
        <button
          type="button"
          className="btn btn-small btn-outline toast-undo"
          onClick={() => {
            dismiss(t.id);
            t.undo?.();
          }}
        >
          Annuler
        </button>
      )}
      <button type="button" className="toast-close" onClick={() => dismiss(t.id)} aria-label="Fermer le message">
        <Icon name="close" />
      </button>
    </div>
  );
}

/** The two regions; they hold the messages only where messages currently belong (see the header). */
export function ToastList({ inModal, className = "toasts" }: { inModal?: number | null; className?: string }) {
  const toasts = useStore($toasts);
  const open = useStore($openModals);
  // undefined: the page's regions; null: a modal not registered yet (closed), which shows nothing.
  const here = inModal === undefined ? open.length === 0 : inModal !== null && open.at(-1) === inModal;
  const shown = here ? toasts : [];
  const errors = shown.filter((t) => t.kind === "error");
  return (
    <div className={className}>
      <div role="status" aria-live="polite" className="toasts-list">
        {shown.filter((t) => t.kind === "success").map((t) => (
          <Item key={t.id} t={t} />
        ))}
      </div>
      {/* In a dialog the alert appears with its text (an inserted role="alert" is announced), so a dialog holds
          no empty alert beside its own refusal texts. */}
      {(inModal === undefined || errors.length > 0) && (
        <div role="alert" aria-live="assertive" className="toasts-list">
          {errors.map((t) => (
            <Item key={t.id} t={t} />
          ))}
        </div>
      )}
    </div>
  );
}

export function Toasts() {
  return <ToastList />;
}
