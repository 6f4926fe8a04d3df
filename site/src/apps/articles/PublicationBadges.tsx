import type { ArticleSummary } from "../../../../api/contract";

/**
 * « Modification en attente » (issue 20 §2) and « Modification refusée » (issue 32 §3, its authors and admins only),
 * beside an article's state. « Programmé le … » (§5) is now the state's own word (ui/PublicationState.tsx), with
 * « Brouillon », « En attente », « Hors ligne » and « Publié ».
 */
export function PublicationBadges({ article }: { article: Pick<ArticleSummary, "pendingEdit" | "editRefusal"> }) {
  return (
    <>
      {article.pendingEdit && <span className="badge article-edit-badge"> Modification en attente</span>}
      {article.editRefusal && <span className="badge badge-warn article-edit-badge"> Modification refusée</span>}
    </>
  );
}
