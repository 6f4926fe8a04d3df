/**
 * /user/articles (spec §2): « Nouvel Article », the member's own articles (any state, with their approved and
 * online badges, edit and delete) searched by the server (title, text and keywords, ignoring case and accents),
 * and « Articles des membres ». The modal's address is in the URL (`?new`, `?edit=<id>`), so it can be reloaded
 * and shared; opening the edit address of someone else's article shows the 403 text.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useState, type ReactNode } from "react";
import type { ArticleSummary } from "../../../../api/contract";
import { formatDateShort, plural } from "../../lib/format";
import { articleHref, userHref } from "../../lib/paths";
import { errorText } from "../lib/api";
import { useResource } from "../lib/query";
import { toast } from "../stores/toasts";
import { useViewer } from "../stores/viewer";
import { confirm } from "../ui/ConfirmDialog";
import { actionsColumn } from "../ui/actions-column";
import { DataTable, type Column } from "../ui/DataTable";
import { useEditAddress } from "../ui/edit-address";
import { FormField } from "../ui/FormField";
import { ScreenHead } from "../ui/ScreenHead";
import { StatusBadge } from "../ui/StatusBadge";
import { articlesChanged, deleteArticle } from "./api";
import { ArticleForm } from "./ArticleForm";
import { authoredBy } from "./ownership";
import { $articleSearch, $communityArticles, $myArticles } from "./stores";
import "./MemberArticlesScreen.css";

/** Typing pauses this long before the server is asked (one request per pause, not per key). */
const SEARCH_DELAY_MS = 300;

export const EMPTY_MEMBERS = "Aucun article disponible pour le moment.";

function Themes({ article }: { article: ArticleSummary }): ReactNode {
  if (article.themes.length === 0) return "-";
  return (
    <ul className="badges">
      {article.themes.map((t) => (
        <li key={t._id} className="badge">
          {t.name}
        </li>
      ))}
    </ul>
  );
}

function Statuses({ article }: { article: ArticleSummary }) {
  return (
    <span className="article-statuses">
      <StatusBadge kind="approved" value={article.approved} />
      <StatusBadge kind="online" value={article.online} />
    </span>
  );
}

export default function MemberArticlesScreen() {
  const viewer = useViewer();
  const [target, setTarget] = useEditAddress();
  const [search, setSearch] = useState(() => $articleSearch.get());
  const applied = useStore($articleSearch);
  const mine = useResource($myArticles, "Erreur lors du chargement des articles.");
  const all = useResource($communityArticles, "Erreur lors du chargement des articles.");
  const [deleting, setDeleting] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => $articleSearch.set(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const others = all.data?.filter((a) => !authoredBy(a, viewer._id));

  const remove = async (article: ArticleSummary) => {
    if (!(await confirm("Supprimer cet article ?"))) return;
    setDeleting(article._id);
    try {
      await deleteArticle("member", article._id);
      toast.success("Article supprimé avec succès.");
      articlesChanged();
    } catch (err) {
      toast.error(errorText(err, "Erreur lors de la suppression."));
    } finally {
      setDeleting(null);
    }
  };

  const title: Column<ArticleSummary> = {
    key: "title",
    header: "Titre",
    rowHeader: true,
    cell: (a) => <a href={articleHref(a.url)}>{a.title}</a>,
    sortValue: (a) => a.title,
  };
  const themes: Column<ArticleSummary> = { key: "themes", header: "Thèmes", cell: (a) => <Themes article={a} /> };
  const created: Column<ArticleSummary> = {
    key: "createdAt",
    header: "Créé le",
    className: "nowrap",
    cell: (a) => formatDateShort(a.createdAt),
    sortValue: (a) => a.createdAt,
  };
  const status: Column<ArticleSummary> = { key: "status", header: "Statut", className: "nowrap", cell: (a) => <Statuses article={a} /> };

  const myColumns: Column<ArticleSummary>[] = [
    title,
    themes,
    { key: "media", header: "Médias", className: "num", cell: (a) => a.mediaCount, sortValue: (a) => a.mediaCount },
    created,
    status,
    actionsColumn<ArticleSummary>({ label: (a) => ` « ${a.title} »`, onEdit: (a) => setTarget({ id: a._id }), onDelete: (a) => void remove(a), deleting: (a) => deleting === a._id }),
  ];

  const memberColumns: Column<ArticleSummary>[] = [
    title,
    {
      key: "authors",
      header: "Auteurs",
      cell: (a) =>
        a.authors.length === 0
          ? "-"
          : a.authors.map((u, i) => (
              <span key={u._id}>
                {i > 0 && ", "}
                <a href={userHref(u.nickname)}>
                  {u.firstname} {u.name}
                </a>
              </span>
            )),
    },
    themes,
    created,
    status,
  ];

  return (
    <section className="member-articles">
      <ScreenHead
        title="Mes articles"
        action={
          <button type="button" className="btn" onClick={() => setTarget({ id: null })}>
            Nouvel Article
          </button>
        }
      />

      <div role="search" className="article-search">
        <FormField label="Rechercher dans mes articles" hint="Titre, texte ou mots-clés ; majuscules et accents sans importance.">
          {(field) => <input {...field} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />}
        </FormField>
      </div>
      {/* Present from the start so each new count is announced. */}
      <p className="sr-only" role="status">
        {applied && mine.data ? plural(mine.data.length, "article trouvé", "articles trouvés") : ""}
      </p>

      <DataTable
        caption="Mes articles"
        captionHidden
        columns={myColumns}
        rows={mine.data}
        rowKey={(a) => a._id}
        loading={mine.loading}
        error={mine.error}
        empty={applied ? "Aucun de vos articles ne correspond à cette recherche." : "Vous n'avez pas encore écrit d'article."}
      />

      <h2>Articles des membres</h2>
      <DataTable
        caption="Articles des membres"
        captionHidden
        columns={memberColumns}
        rows={others}
        rowKey={(a) => a._id}
        loading={all.loading}
        error={all.error}
        empty={EMPTY_MEMBERS}
      />

      <ArticleForm context="member" open={target !== null} articleId={target?.id ?? null} onClose={() => setTarget(null)} />
    </section>
  );
}
