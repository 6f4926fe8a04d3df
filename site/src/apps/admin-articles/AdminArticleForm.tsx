/**
 * The article form in admin context (spec §2: "the modal receives the themes and media lists and runs in admin
 * context"): every theme and the members to choose the authors from, loaded when the form opens; the media come
 * one page at a time from the media library picker, which offers an admin every media.
 */
import { ArticleForm } from "../articles/ArticleForm";
import { useResource } from "../lib/query";
import { $adminThemes } from "../themes/stores";
import { $adminUsers } from "../users/stores";

export function AdminArticleForm({ articleId, onClose }: { articleId: string | null; onClose: () => void }) {
  const themes = useResource($adminThemes, "Erreur lors du chargement des thèmes");
  const users = useResource($adminUsers, "Erreur lors du chargement des utilisateurs");
  return (
    <ArticleForm
      context="admin"
      open
      articleId={articleId}
      onClose={onClose}
      themes={themes.data ?? []}
      authorChoices={users.data ?? []}
    />
  );
}
