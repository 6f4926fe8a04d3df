/**
 * « Lien vers un média »: search the media library by title and insert a link to the chosen media's public page.
 * The search (media-search.ts) runs when the person pauses typing; the latest answer wins.
 */
import { useEffect, useId, useState } from "react";
import { MEDIA_TYPE_LABELS } from "../../lib/labels";
import { errorText } from "../../lib/api";
import { SmallDialog } from "./SmallDialog";
import { searchMedia, type MediaHit } from "./media-search";

export function MediaLinkDialog(props: { onInsert: (hit: MediaHit) => void; onClose: () => void }) {
  const uid = useId();
  const [q, setQ] = useState("");
  const [hits, setHits] = useState<MediaHit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [chooseError, setChooseError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    // A pause in typing, not every key: searches are rate limited per account.
    const timer = setTimeout(() => {
      searchMedia(q).then(
        (list) => current && (setHits(list), setError(null)),
        (e) => current && setError(errorText(e, "Erreur lors de la recherche des médias.")),
      );
    }, q ? 250 : 0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [q]);

  const submit = () => {
    const hit = hits?.find((h) => h.id === chosen);
    if (!hit) {
      setChooseError("Choisissez un média dans la liste.");
      return;
    }
    props.onInsert(hit);
  };

  return (
    <SmallDialog title="Lien vers un média" onClose={props.onClose} onSubmit={submit} submitLabel="Insérer le lien">
      <div className="field">
        <label htmlFor={`${uid}-q`}>Rechercher un média</label>
        <input id={`${uid}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} autoFocus autoComplete="off" />
      </div>
      <fieldset className="field-group media-hits" aria-describedby={chooseError ? `${uid}-err` : undefined}>
        <legend>Médias trouvés</legend>
        {error && <p className="field-error">{error}</p>}
        {hits === null && !error && <p className="muted">Recherche…</p>}
        {hits?.length === 0 && <p className="muted">Aucun média ne correspond.</p>}
        {hits?.map((h) => (
          <label key={h.id}>
            <input type="radio" name={`${uid}-media`} value={h.id} checked={chosen === h.id} onChange={() => setChosen(h.id)} />
            <span>
              {h.title} <span className="muted">({MEDIA_TYPE_LABELS[h.type] ?? h.type}{h.isPublic ? "" : ", pas encore publié"})</span>
            </span>
          </label>
        ))}
        {chooseError && (
          <p className="field-error" id={`${uid}-err`}>
            {chooseError}
          </p>
        )}
      </fieldset>
    </SmallDialog>
  );
}
