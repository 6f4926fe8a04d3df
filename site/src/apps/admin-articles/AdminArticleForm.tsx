/**
 * The article form in admin context (spec §2: "the modal receives the themes and media lists and runs in admin
 * context"): every theme, every media, and the members to choose the authors from. The lists load when the form
 * opens, not with the table.
 */
import { ArticleForm } from "../articles/ArticleForm";
import { useResource } from "../lib/query";
import { $adminThemes } from "../themes/stores";
import { $adminUsers } from "../users/stores";
import { $adminMediaChoices } from "./stores";

export function AdminArticleForm({ articleId, onClose }: { articleId: string | null; onClose: () => void }) {
  const themes = useResource($adminThemes, "Erreur lors du chargement des thèmes");
  const media = useResource($adminMediaChoices, "Erreur lors du chargement des médias");
  const users = useResource($adminUsers, "Erreur lors du chargement des utilisateurs");
  return (
    <ArticleForm
      context="admin"
      open
      articleId={articleId}
      onClose={onClose}
      themes={themes.data ?? []}
      mediaChoices={media.data ?? []}
      authorChoices={users.data ?? []}
    />
  );
}
