/**
 * /user/articles (spec §2): « Nouvel Article », the member's own articles (any state, with their approved and
 * online badges, edit and delete) and « Articles des membres ». The modal's address is in the URL (`?new`,
 * `?edit=<id>`), so it can be reloaded and shared; opening the edit address of someone else's article shows the
 * 403 text.
 * Issue 19 §1: both lists page in the database (25 / 50 / 100 rows) with a count, a search (title, text and
 * keywords, accents and case ignored) and sorts; « Mes articles » also filters by status (the dashboard links to
 * `?status=pending`). Each list keeps its state in the address (the members' list under `membres.`).
 */
import { useStore } from "@nanostores/react";
import { useState, type ReactNode } from "react";
import type { ArticleSummary } from "../../../../api/contract";
import { refusalReasonText } from "../../../../shared/article-rules";
import { formatDateShort } from "../../lib/format";
import { articleHref } from "../../lib/paths";
import { errorText } from "../lib/api";
import { useResource } from "../lib/query";
import { toast } from "../stores/toasts";
import { confirm } from "../ui/ConfirmDialog";
import { actionsColumn } from "../ui/actions-column";
import type { Column } from "../ui/DataTable";
import { useEditAddress } from "../ui/edit-address";
import { ListSearch } from "../ui/ListSearch";
import { ListSelect } from "../ui/ListSelect";
import { ListTable } from "../ui/ListTable";
import { ScreenHead } from "../ui/ScreenHead";
import { PublicationState } from "../ui/PublicationState";
import { StatusBadge } from "../ui/StatusBadge";
import { useShown } from "../ui/use-shown";
import { articlesChanged, deleteArticle } from "./api";
import { undoDelete } from "../trash/undo";
import { ArticleForm } from "./ArticleForm";
import { AuthorLinks } from "./AuthorLinks";
import { articleCount, MEMBER_ARTICLE_SORTS, MY_ARTICLE_SORTS, MY_ARTICLE_STATUSES } from "./member-lists";
import { $memberArticles, $myArticles, memberArticleList, myArticleList } from "./member-pages";
import "../ui/list-tools.css";
import { PublicationBadges } from "./PublicationBadges";
import "./MemberArticlesScreen.css";
import { TRASH_ARTICLE_QUESTION } from "../trash/trash-text";

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
      {/* A draft is not waiting for anyone yet: its own word rather than « En attente d'approbation ». */}
      {article.draft ? <PublicationState item={article} /> : <StatusBadge kind="approved" value={article.approved} />}
      <StatusBadge kind="online" value={article.online} />
      {!article.draft && article.publishAt && <PublicationState item={article} />}
      <PublicationBadges article={article} />
    </span>
  );
}

export default function MemberArticlesScreen() {
  const [target, setTarget] = useEditAddress();
  const mineQuery = useStore(myArticleList.$state);
  const othersQuery = useStore(memberArticleList.$state);
  const mine = useResource($myArticles, "Erreur lors du chargement des articles.");
  const others = useResource($memberArticles, "Erreur lors du chargement des articles.");
  const shownMine = useShown(mine.data);
  const shownOthers = useShown(others.data);
  const [deleting, setDeleting] = useState<string | null>(null);

  const remove = async (article: ArticleSummary) => {
    if (!(await confirm(TRASH_ARTICLE_QUESTION))) return;
    setDeleting(article._id);
    try {
      await deleteArticle("member", article._id);
      toast.success("Article supprimé avec succès.", undoDelete("user", "article", article._id, articlesChanged));
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
    sortable: true,
    // A draft may have no title yet (issue 32: drafts save whatever they hold).
    cell: (a) => (
      <>
        <a href={articleHref(a.url)}>{a.title || "Sans titre"}</a>
        {/* « Modification refusée » is in the status; its reason here, where the line has room (issue 32 §3). */}
        {a.editRefusal && <span className="article-refusal-reason">{refusalReasonText(a.editRefusal.reason)}</span>}
      </>
    ),
  };
  const themes: Column<ArticleSummary> = { key: "themes", header: "Thèmes", cell: (a) => <Themes article={a} /> };
  const created: Column<ArticleSummary> = {
    key: "recent",
    header: "Créé le",
    className: "nowrap",
    sortable: true,
    sortDir: "desc",
    cell: (a) => formatDateShort(a.createdAt),
  };
  const status: Column<ArticleSummary> = { key: "status", header: "Statut", className: "nowrap", cell: (a) => <Statuses article={a} /> };

  const myColumns: Column<ArticleSummary>[] = [
    title,
    themes,
    { key: "media", header: "Médias", className: "num", cell: (a) => a.mediaCount },
    created,
    { ...status, sortable: true },
    actionsColumn<ArticleSummary>({ label: (a) => ` « ${a.title || "Sans titre"} »`, onEdit: (a) => setTarget({ id: a._id }), onDelete: (a) => void remove(a), deleting: (a) => deleting === a._id }),
  ];

  const memberColumns: Column<ArticleSummary>[] = [
    title,
    {
      key: "author",
      header: "Auteurs",
      sortable: true,
      cell: (a) => <AuthorLinks article={a} />,
    },
    themes,
    created,
    status,
  ];

  const mineTotal = shownMine?.total ?? 0;
  const othersTotal = shownOthers?.total ?? 0;
  const mineFiltered = Boolean(mineQuery.q.trim() || mineQuery.filters.status);
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

      <div className="list-tools">
        <p className="list-count" aria-live="polite">
          {shownMine ? articleCount(mineTotal, shownMine.capped) : ""}
        </p>
        <ListSearch
          label="Rechercher dans mes articles"
          value={mineQuery.q}
          onSearch={(q) => myArticleList.change({ q }, { replace: mineQuery.q.trim() !== "" })}
        />
        <ListSelect
          label="Afficher"
          value={mineQuery.filters.status ?? ""}
          options={MY_ARTICLE_STATUSES}
          onChange={(v) => myArticleList.change({ filters: { status: v || undefined } })}
        />
        <ListSelect label="Trier" value={mineQuery.sort} options={MY_ARTICLE_SORTS} onChange={(sort) => myArticleList.change({ sort })} />
      </div>
      <ListTable
        list={myArticleList}
        state={mineQuery}
        page={shownMine}
        caption="Mes articles"
        columns={myColumns}
        rowKey={(a) => a._id}
        loading={mine.loading}
        error={mine.error}
        empty={mineFiltered ? "Aucun de vos articles ne correspond à cette recherche." : "Vous n'avez pas encore écrit d'article."}
      />

      <section aria-labelledby="member-articles-others">
        <h2 id="member-articles-others">Articles des membres</h2>
        <div className="list-tools">
          <p className="list-count" aria-live="polite">
            {shownOthers ? articleCount(othersTotal, shownOthers.capped) : ""}
          </p>
          <ListSearch
            label="Rechercher dans les articles des membres"
            value={othersQuery.q}
            onSearch={(q) => memberArticleList.change({ q }, { replace: othersQuery.q.trim() !== "" })}
          />
          <ListSelect label="Trier les articles des membres" value={othersQuery.sort} options={MEMBER_ARTICLE_SORTS} onChange={(sort) => memberArticleList.change({ sort })} />
        </div>
        <ListTable
          list={memberArticleList}
          state={othersQuery}
          page={shownOthers}
          caption="Articles des membres"
          columns={memberColumns}
          rowKey={(a) => a._id}
          loading={others.loading}
          error={others.error}
          empty={othersQuery.q.trim() ? "Aucun article des membres ne correspond à cette recherche." : EMPTY_MEMBERS}
        />
      </section>

      <ArticleForm context="member" open={target !== null} articleId={target?.id ?? null} onClose={() => setTarget(null)} />
    </section>
  );
}
