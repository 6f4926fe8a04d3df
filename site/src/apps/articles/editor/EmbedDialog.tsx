/**
 * « Vidéo ou son »: a YouTube, Vimeo or SoundCloud address. The public page shows it as a click-to-load player
 * (nothing is loaded from the provider before the reader's click).
 */
import { useState } from "react";
import { FormField } from "../../ui/FormField";
import { SmallDialog } from "./SmallDialog";
import { defaultEmbedTitle, EMBED_ERROR, embedTarget } from "./urls";

export function EmbedDialog(props: { onInsert: (href: string, title: string) => void; onClose: () => void }) {
  const [href, setHref] = useState("");
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const target = embedTarget(href);
    if (!target) {
      setError(href.trim() ? EMBED_ERROR : "Indiquez l'adresse de la vidéo ou du son.");
      return;
    }
    props.onInsert(target.href, title.trim() || defaultEmbedTitle(target.provider));
  };

  return (
    <SmallDialog title="Intégrer une vidéo ou un son" onClose={props.onClose} onSubmit={submit} submitLabel="Intégrer">
      <FormField label="Adresse de la vidéo ou du son" required error={error} hint="YouTube, Vimeo ou SoundCloud.">
        {(field) => <input {...field} type="url" autoComplete="off" value={href} onChange={(e) => setHref(e.target.value)} autoFocus />}
      </FormField>
      <FormField label="Titre" hint="Facultatif : il est lu avant le lecteur.">
        {(field) => <input {...field} type="text" value={title} onChange={(e) => setTitle(e.target.value)} />}
      </FormField>
    </SmallDialog>
  );
}
