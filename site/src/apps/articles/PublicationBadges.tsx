import type { ArticleSummary } from "../../../../api/contract";
import { formatScheduled } from "../lib/scheduled";

/** « Modification en attente » and « Programmé le … » (issue 20 §2 and §5), beside an article's other states. */
export function PublicationBadges({ article }: { article: Pick<ArticleSummary, "pendingEdit" | "publishAt"> }) {
  return (
    <>
      {article.pendingEdit && <span className="badge article-edit-badge"> Modification en attente</span>}
      {article.publishAt && <span className="badge article-scheduled-badge"> Programmé le {formatScheduled(article.publishAt)}</span>}
    </>
  );
}
