/**
 * « Modification refusée » (issue 32 §3): what an article's authors see after an admin refused their last edit of
 * it, with the admin's reason, until they save again. The API sends `editRefusal` only to the authors and to admins.
 */
import type { Article } from "../../../../api/contract";
import { refusalReasonText } from "../../../../shared/article-rules";
import { dakarMoment } from "../../../../shared/dakar-time";
import type { AppContext } from "./api";

export type EditRefusalValue = NonNullable<Article["editRefusal"]>;

/** The note at the top of the article's form. */
export function EditRefusalNote({ refusal, context }: { refusal: EditRefusalValue; context: AppContext }) {
  return (
    <div className="article-edit-refusal" role="note" aria-labelledby="article-edit-refusal-title">
      <p id="article-edit-refusal-title">
        <span className="badge badge-warn">Modification refusée</span>{" "}
        <span className="muted">le {dakarMoment(new Date(refusal.at))}</span>
      </p>
      <p className="article-edit-refusal-reason">{refusalReasonText(refusal.reason)}</p>
      <p className="muted">
        {context === "member"
          ? "La page publique garde la version approuvée. Vous pouvez reprendre le texte ci-dessous et l'enregistrer à nouveau\u00a0: il sera soumis aux administrateurs."
          : "La page publique garde la version approuvée\u00a0; la version refusée reste dans l'historique."}
      </p>
    </div>
  );
}
