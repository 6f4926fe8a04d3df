/**
 * The toast region, rendered once by the shell. Two live regions exist from the first render (a region added
 * together with its text is often not announced): success messages are polite, errors assertive.
 * Messages come from `toast.success()` / `toast.error()` (stores/toasts.ts).
 */
import { useStore } from "@nanostores/react";
import { $toasts, dismiss, type Toast } from "../stores/toasts";
import "./Toasts.css";

function Item({ t }: { t: Toast }) {
  return (
    <div className={`toast toast-${t.kind}`}>
      <span className="toast-icon" aria-hidden="true">
        {t.kind === "success" ? "✓" : "⚠"}
      </span>
      <span className="toast-text">{t.text}</span>
      <button type="button" className="toast-close" onClick={() => dismiss(t.id)} aria-label="Fermer le message">
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

export function Toasts() {
  const toasts = useStore($toasts);
  return (
    <div className="toasts">
      <div role="status" aria-live="polite" className="toasts-list">
        {toasts.filter((t) => t.kind === "success").map((t) => (
          <Item key={t.id} t={t} />
        ))}
      </div>
      <div role="alert" aria-live="assertive" className="toasts-list">
        {toasts.filter((t) => t.kind === "error").map((t) => (
          <Item key={t.id} t={t} />
        ))}
      </div>
    </div>
  );
}
