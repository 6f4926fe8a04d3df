/**
 * Progress of one upload (bytes sent / total, from `upload()`'s onProgress) with a cancel button.
 *
 *   const [progress, setProgress] = useState<Progress | null>(null);   // Progress from lib/api
 *   const abort = useRef(new AbortController());
 *   …upload(path, form, { onProgress: setProgress, signal: abort.current.signal })
 *   {progress && <UploadProgress {...progress} onCancel={() => abort.current.abort()} />}
 */
import { useId } from "react";
import "./UploadProgress.css";

const size = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });

/** "1,2 Mo", "340 Ko". */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${size.format(n / (1024 * 1024))} Mo`;
  return `${size.format(Math.max(n, 0) / 1024)} Ko`;
}

export function UploadProgress({ sent, total, onCancel, label = "Envoi du fichier" }: {
  sent: number;
  total: number;
  onCancel?: () => void;
  label?: string;
}) {
  const id = useId();
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0;
  return (
    <div className="upload-progress">
      <label htmlFor={id}>{label}</label>
      <progress id={id} max={total || 1} value={Math.min(sent, total || 1)} />
      <span className="upload-figures">
        {formatBytes(sent)} / {formatBytes(total)} ({percent} %)
      </span>
      {onCancel && (
        <button type="button" className="btn btn-small btn-outline" onClick={onCancel}>
          Annuler l'envoi
        </button>
      )}
    </div>
  );
}
