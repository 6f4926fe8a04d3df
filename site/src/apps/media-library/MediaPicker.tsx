/**
 * The media library picker (issue 19 §2): the one dialog where a form chooses media, for the article's linked
 * media (several) and its picture (one image). A grid of thumbnails (pictures with their variants, other media
 * with their type's icon), a search run by the server (accents ignored), a type filter, server pages of 25, the
 * chosen media shown as chips with their remove buttons and their count, and « Téléverser » in place: a new media
 * uploaded from the dialog, its progress bar inside it, then chosen. The shared Modal gives Escape, the focus
 * trap and focus back on the opener.
 *
 *   <MediaPicker open={open} context="member" initial={chosen} onChoose={setChosen} onClose={close} />
 *
 * Which media are offered is the server's rule (the article routes check it again on save): for a member their
 * own in any state and the public ones, for an admin every media.
 */
import { useEffect, useState } from "react";
import type { AppContext } from "../articles/api";
import { MEDIA_TYPE_LABELS } from "../lib/labels";
import { countLabel, MEDIA_TYPE_CHOICES } from "../media/list-query";
import type { FileMediaType } from "../media/media-form";
import { Pager } from "../ui/DataTable";
import { Icon } from "../ui/Icon";
import { ListSearch } from "../ui/ListSearch";
import { ListSelect } from "../ui/ListSelect";
import { Modal } from "../ui/Modal";
import { MediaGrid, MediaPreview } from "./MediaGrid";
import { chosenText, PICKER_PAGE_SIZE, toggleChoice, type MediaChoice, type PickerQuery } from "./picker-state";
import { usePickerPage } from "./stores";
import { UploadPanel } from "./UploadPanel";
import "./MediaPicker.css";

export type MediaPickerProps = {
  open: boolean;
  context: AppContext;
  /** The media chosen when the dialog opens (the form's current choice). */
  initial: readonly MediaChoice[];
  /**
   * Called with the choice on « Valider »; the dialog then closes (onClose). With `picture`, a picture uploaded
   * here is chosen at once, with the alternative text typed for it.
   */
  onChoose: (chosen: MediaChoice[], alt?: string) => void;
  onClose: () => void;
  /** One media (the article's picture) instead of several. */
  single?: boolean;
  /** A picture for a text: its upload asks only the file and the alternative text (issue 33 §4). */
  picture?: boolean;
  /** Only media of this type are offered and uploaded (« image » for a picture). */
  onlyType?: FileMediaType;
  title?: string;
  confirmLabel?: string;
};

const START: PickerQuery = { q: "", type: "", page: 1 };

export function MediaPicker(props: MediaPickerProps) {
  const { open, context, single = false, onlyType } = props;
  const [query, setQuery] = useState<PickerQuery>({ ...START, type: onlyType ?? "" });
  const [chosen, setChosen] = useState<MediaChoice[]>([...props.initial]);
  const [uploading, setUploading] = useState(false);
  // Each opening starts from the form's choice, on the first page.
  useEffect(() => {
    if (!open) return;
    setQuery({ ...START, type: onlyType ?? "" });
    setChosen([...props.initial]);
    setUploading(false);
  }, [open]);

  const { shown, loading, error } = usePickerPage(context, query, open);
  const total = shown?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PICKER_PAGE_SIZE));
  const isChosen = (id: string) => chosen.some((c) => c._id === id);
  const toggle = (m: MediaChoice) => setChosen((now) => toggleChoice(now, m, !single));
  const remove = (id: string) => setChosen((now) => now.filter((c) => c._id !== id));
  const change = (next: Partial<PickerQuery>) => setQuery((q) => ({ ...q, page: 1, ...next }));

  const confirm = () => {
    props.onChoose(chosen);
    props.onClose();
  };

  const footer = (
    <>
      <button type="button" className="btn btn-outline" onClick={props.onClose}>
        Annuler
      </button>
      <button type="button" className="btn" onClick={confirm} disabled={single && chosen.length === 0}>
        {props.confirmLabel ?? (single ? "Choisir cette image" : "Valider la sélection")}
      </button>
    </>
  );

  return (
    <Modal open={open} title={props.title ?? (single ? "Choisir une image" : "Choisir des médias")} size="xl" onClose={props.onClose} guardChanges={false} footer={footer}>
      <div className="picker">
        <div className="list-tools picker-tools">
          <ListSearch label="Rechercher un média" value={query.q} onSearch={(q) => change({ q })} />
          {!onlyType && <ListSelect label="Type" value={query.type} options={MEDIA_TYPE_CHOICES} onChange={(type) => change({ type })} first="Tous les types" />}
          <button type="button" className="btn btn-outline picker-upload-toggle" aria-expanded={uploading} onClick={() => setUploading((u) => !u)}>
            <Icon name="upload" /> Téléverser
          </button>
        </div>
        {uploading && (
          <UploadPanel
            context={context}
            onlyType={onlyType}
            picture={props.picture}
            onUploaded={(media, alt) => {
              // Uploaded for a text with its alternative text: nothing more to choose or confirm.
              if (props.picture && alt) {
                props.onChoose([media], alt);
                props.onClose();
                return;
              }
              setChosen((now) => (single ? [media] : isChosen(media._id) ? now : [...now, media]));
              setUploading(false);
              change({ q: "" });
            }}
          />
        )}
        <section className="picker-chosen" aria-label="Médias choisis">
          <p className="picker-chosen-count" aria-live="polite">
            {chosenText(chosen.length)}
          </p>
          {chosen.length > 0 && (
            <ul className="picker-chips">
              {chosen.map((c) => (
                <li key={c._id} className="picker-chip">
                  <MediaPreview media={c} />
                  <span className="picker-chip-title">
                    {c.title} <span className="sr-only">({MEDIA_TYPE_LABELS[c.type] ?? c.type})</span>
                  </span>
                  <button type="button" className="picker-chip-remove" aria-label={`Retirer «\u00a0${c.title}\u00a0»`} onClick={() => remove(c._id)}>
                    <Icon name="close" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <p className="picker-count" aria-live="polite">
          {shown ? `${countLabel(total)}${pageCount > 1 ? `, page ${query.page} sur ${pageCount}` : ""}` : ""}
        </p>
        <MediaGrid
          label="Médiathèque"
          items={shown?.items}
          loading={loading}
          error={error}
          empty={query.q.trim() || query.type ? "Aucun média ne correspond à cette recherche." : "Aucun média pour le moment\u00a0: téléversez le premier."}
          pick={{ chosen: isChosen, toggle, single }}
        />
        <Pager page={Math.min(query.page, pageCount)} pageCount={pageCount} onPageChange={(page) => setQuery((q) => ({ ...q, page }))} />
      </div>
    </Modal>
  );
}
