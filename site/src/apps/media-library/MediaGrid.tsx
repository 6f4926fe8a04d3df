/**
 * The media library's grid (issue 19 §2): one card per media with its picture (responsive variants) or its type's
 * icon, its title, type and date. Two uses:
 * - choosing (`pick`): each card is one labelled checkbox (a radio when one media is chosen), so Tab, Space and
 *   the arrow keys of radios work, and screen readers hear « <titre>, Audio, 12/03/2025, case à cocher »;
 * - browsing (/admin/media, /user/media in « Grille »): the title links to the media's page, an optional checkbox
 *   selects the card for the bulk actions and `actions` adds the row's buttons (edit, toggles, delete).
 *
 *   <MediaGrid label="Médias" items={page.items} empty="Aucun média" pick={{ chosen, toggle }} />
 */
import { useId, type ReactNode } from "react";
import type { Media } from "../../../../api/contract";
import { formatDateShort } from "../../lib/format";
import { mediaHref } from "../../lib/paths";
import { MEDIA_TYPE_LABELS } from "../lib/labels";
import { Icon } from "../ui/Icon";
import type { MediaChoice } from "./picker-state";
import { previewOf, type Previewed } from "./preview";
import "./MediaGrid.css";

type GridMedia = MediaChoice & Partial<Pick<Media, "createdAt" | "url">>;

export type MediaGridProps<T extends GridMedia> = {
  /** Names the grid for screen readers. */
  label: string;
  items: readonly T[] | undefined;
  loading?: boolean;
  error?: string | null;
  empty: ReactNode;
  /** Choosing: which media are chosen, and a click on one. `single`: radios, one media. */
  pick?: { chosen: (id: string) => boolean; toggle: (media: T) => void; single?: boolean };
  /** Browsing: a selection checkbox per card (bulk actions). */
  check?: { checked: (id: string) => boolean; toggle: (id: string) => void; disabled?: boolean };
  /** Browsing: the card's buttons. */
  actions?: (media: T) => ReactNode;
};

export function MediaPreview({ media }: { media: Previewed }) {
  const preview = previewOf(media);
  return (
    <span className="media-card-preview">
      {preview.kind === "picture" ? (
        <img src={preview.src} srcSet={preview.srcSet} sizes="(max-width: 600px) 45vw, 180px" alt="" loading="lazy" decoding="async" />
      ) : (
        <Icon name={preview.icon} className="media-card-icon" />
      )}
    </span>
  );
}

/** Readers cannot see it yet (waiting for approval, or offline): said on the card, as a link to it would not open. */
export const NOT_PUBLIC = "Pas encore publié";

function Meta({ media }: { media: GridMedia }) {
  return (
    <span className="media-card-meta">
      <span className="badge">{MEDIA_TYPE_LABELS[media.type] ?? media.type}</span>
      {media.createdAt && <span>{formatDateShort(media.createdAt)}</span>}
      {(media.approved === false || media.online === false) && <span className="badge badge-warn">{NOT_PUBLIC}</span>}
    </span>
  );
}

export function MediaGrid<T extends GridMedia>(props: MediaGridProps<T>) {
  const { items, pick, check, actions } = props;
  const group = useId();
  if (props.error) return <p className="media-grid-message table-error">{props.error}</p>;
  if (!items || (props.loading && items.length === 0)) {
    return (
      <p className="media-grid-message" role="status">
        Chargement...
      </p>
    );
  }
  if (items.length === 0) return <p className="media-grid-message">{props.empty}</p>;
  return (
    <ul className={`media-grid${pick ? " is-picking" : ""}`} aria-label={props.label} aria-busy={props.loading || undefined}>
      {items.map((m) => (
        <li key={m._id} className="media-card">
          {pick ? (
            <label className={`media-card-pick${pick.chosen(m._id) ? " is-chosen" : ""}`}>
              <input
                type={pick.single ? "radio" : "checkbox"}
                name={pick.single ? group : undefined}
                className="media-card-input"
                checked={pick.chosen(m._id)}
                onChange={() => pick.toggle(m)}
              />
              <MediaPreview media={m} />
              <span className="media-card-title">{m.title}</span>
              <Meta media={m} />
            </label>
          ) : (
            <>
              <MediaPreview media={m} />
              {check && (
                <input
                  type="checkbox"
                  className="media-card-check"
                  aria-label={`Sélectionner\u00a0: ${m.title}`}
                  checked={check.checked(m._id)}
                  disabled={check.disabled}
                  onChange={() => check.toggle(m._id)}
                />
              )}
              <span className="media-card-title">{m.url ? <a href={mediaHref(m.url)}>{m.title}</a> : m.title}</span>
              <Meta media={m} />
              {actions && <div className="media-card-actions">{actions(m)}</div>}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
