/**
 * The article calls of the form and the screens, for both audiences: the member space writes through
 * /api/user/articles (its own articles only; the server answers 403 otherwise), the back office through
 * /api/admin/articles. Pictures are multipart, through the XHR uploader.
 */
import type { Article, Revision, RevisionSummary } from "../../../../api/contract";
import { api, call, upload } from "../lib/api";
import { revalidate } from "../lib/query";
import type { ArticleBody } from "./article-form";

export type AppContext = "member" | "admin";

/** The server's answer to the picture routes. */
export type ArticlePictures = { _id: string; articlePic: string | null; articlePicOriginal: string | null; message: string };

const base = (context: AppContext, id: string) => `/api/${context === "admin" ? "admin" : "user"}/articles/${encodeURIComponent(id)}`;

/** One article with its text and media, for the edit form. */
export function loadArticle(context: AppContext, id: string): Promise<Article> {
  const fallback = "Erreur lors du chargement des articles.";
  return context === "admin" ? call(api.admin.articles({ id }).get(), fallback) : call(api.user.articles({ id }).get(), fallback);
}

export function createArticle(context: AppContext, body: ArticleBody): Promise<Article> {
  const fallback = "Erreur lors de la création.";
  return context === "admin" ? call(api.admin.articles.post(body), fallback) : call(api.user.articles.post(body), fallback);
}

export function updateArticle(context: AppContext, id: string, body: ArticleBody): Promise<Article> {
  const fallback = "Impossible de mettre à jour l'article.";
  return context === "admin"
    ? call(api.admin.articles({ id }).put(body), fallback)
    : call(api.user.articles({ id }).put(body), fallback);
}

export function deleteArticle(context: AppContext, id: string): Promise<{ message: string }> {
  const fallback = "Erreur lors de la suppression.";
  return context === "admin" ? call(api.admin.articles({ id }).delete(), fallback) : call(api.user.articles({ id }).delete(), fallback);
}

/** Saves a crop (JPEG, 800 px wide) as the article's picture. */
export function saveArticleCrop(context: AppContext, id: string, blob: Blob): Promise<ArticlePictures> {
  const form = new FormData();
  form.append("croppedPic", blob, "article.jpg");
  return upload<ArticlePictures>(`${base(context, id)}/article-pic-crop`, form, { fallback: "❌ Erreur lors du recadrage" });
}

/** Keeps the chosen original (never shown; lets the crop be redone later). */
export function saveArticleOriginal(context: AppContext, id: string, file: File): Promise<ArticlePictures> {
  const form = new FormData();
  form.append("originalPic", file, file.name);
  return upload<ArticlePictures>(`${base(context, id)}/article-pic/original`, form, {
    method: "PUT",
    fallback: "❌ Erreur lors de l’envoi de l’image originale",
  });
}

export function deleteArticlePicture(context: AppContext, id: string): Promise<ArticlePictures> {
  const fallback = "Erreur lors de la suppression.";
  return context === "admin"
    ? call(api.admin.articles({ id })["article-pic"].delete(), fallback)
    : call(api.user.articles({ id })["article-pic"].delete(), fallback);
}

/**
 * « Refuser la modification » (admins): drops the pending edit of a published article; its page keeps the approved
 * text. The optional reason is mailed to the authors and shown to them (issue 32 §3); `version` is the form's.
 */
export function rejectPendingEdit(id: string, reason: string, version?: number): Promise<Article> {
  const body = { ...(reason.trim() ? { reason } : {}), ...(version ? { version } : {}) };
  return call(api.admin.articles({ id })["pending-edit"].reject.post(body), "Impossible de refuser la modification.");
}

/** « Approuver la modification » (admins): the pending edit becomes the public text (a rebuild follows). */
export function approvePendingEdit(id: string, version?: number): Promise<Article> {
  return call(api.admin.articles({ id })["pending-edit"].approve.post(version ? { version } : {}), "Impossible d'approuver la modification.");
}

/** After any article write: every list showing articles reloads (spec §7). */
export function articlesChanged(): void {
  revalidate("/api/user/articles", "/api/admin/articles", "/api/user/stats");
}

/** « Historique » (issue 20 §4): the article's revisions, newest first. */
export function listRevisions(context: AppContext, id: string): Promise<RevisionSummary[]> {
  const fallback = "Impossible de charger l'historique.";
  return context === "admin" ? call(api.admin.articles({ id }).revisions.get(), fallback) : call(api.user.articles({ id }).revisions.get(), fallback);
}

/** One revision with its text. */
export function loadRevision(context: AppContext, id: string, revision: string): Promise<Revision> {
  const fallback = "Impossible de charger cette version.";
  return context === "admin"
    ? call(api.admin.articles({ id }).revisions({ revision }).get(), fallback)
    : call(api.user.articles({ id }).revisions({ revision }).get(), fallback);
}

/** « Restaurer »: saved as a new revision (a member's restore of a published article waits for approval). */
export function restoreRevision(context: AppContext, id: string, revision: string, version?: number): Promise<Article> {
  const fallback = "Impossible de restaurer cette version.";
  const body = version ? { version } : {};
  return context === "admin"
    ? call(api.admin.articles({ id }).revisions({ revision }).restore.post(body), fallback)
    : call(api.user.articles({ id }).revisions({ revision }).restore.post(body), fallback);
}

/** « Aperçu » (issue 20 §3): the private address of the article's saved working text as its public page. */
export const previewHref = (context: AppContext, id: string) => `${base(context, id)}/preview`;
