/**
 * Where an article or a media stands, in one word a person reads without decoding icons (issue 33 §1, as
 * WordPress's list says « Brouillon » or « Programmé »): « Brouillon », « Programmé le … », « En attente »,
 * « Hors ligne » or « Publié ». The first that holds wins: a draft is nobody's to approve yet; a scheduled item
 * waits for its time (its date is the useful part); then approval; then the online switch.
 *
 *   <PublicationState item={a} />
 */
import type { ReactNode } from "react";
import { formatScheduled } from "../lib/scheduled";
import { Icon, type IconName } from "./Icon";
import { publicationWord, type Publishable, type PublicationWord } from "./publication-state";
import "./StatusBadge.css";

const LOOK: Record<PublicationWord, { icon: IconName; tone: string; title: string }> = {
  Brouillon: { icon: "pencil", tone: "is-draft", title: "Brouillon, pas encore envoyé pour approbation" },
  Programmé: { icon: "clock", tone: "is-scheduled", title: "Mise en ligne programmée" },
  "En attente": { icon: "hourglass", tone: "is-off", title: "En attente d'approbation" },
  "Hors ligne": { icon: "offline", tone: "is-off", title: "Approuvé, hors ligne" },
  Publié: { icon: "globe", tone: "is-on", title: "Approuvé et en ligne" },
};

export function PublicationState({ item }: { item: Publishable }): ReactNode {
  const word = publicationWord(item);
  const look = LOOK[word];
  return (
    <span className={`status status-publication ${look.tone}`} title={look.title}>
      <Icon name={look.icon} />
      <span className="status-word">{word === "Programmé" && item.publishAt ? `Programmé le ${formatScheduled(item.publishAt)}` : word}</span>
    </span>
  );
}
