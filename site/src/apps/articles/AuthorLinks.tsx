import type { ArticleSummary } from "../../../../api/contract";
import { userHref } from "../../lib/paths";

/**
 * An article's authors, each a link to their page, comma separated (the member's « Articles des membres » and the
 * back office's list). One element around them: a card's cell is a grid (ui/DataTable.css), where each loose
 * name would take a row of its own. `className`: the back office's compact rows style it (« clip-people »).
 */
export function AuthorLinks({ article, className }: { article: Pick<ArticleSummary, "authors">; className?: string }) {
  if (article.authors.length === 0) return "-";
  return (
    <span className={className}>
      {article.authors.map((u, i) => (
        <span key={u._id}>
          {i > 0 && ", "}
          <a href={userHref(u.nickname)}>
            {u.firstname} {u.name}
          </a>
        </span>
      ))}
    </span>
  );
}
