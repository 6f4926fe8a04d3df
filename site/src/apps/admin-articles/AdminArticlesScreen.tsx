/**
 * /admin/articles (spec §2, §4): « Administration Articles », « Nouvel article », the count (Aucun article /
 * 1 article / n articles), a search (accents ignored, as you type), the four sorts (the select or the column
 * headers, both ways), status, theme, author and date filters and 25 / 50 / 100 rows, all applied by the server
 * one page at a time (so the screen stays fast at 50,000 articles); columns: title (link), picture or « Pas d'image »,
 * themes or « Non spécifié », media count, authors (links to their pages), French long date, the approved and
 * online toggles (the §4 messages), edit (the article form in admin context, authors chosen) and delete.
 * The list's state and the open modal live in the address (`?status=pending&q=ecole`, `?edit=<id>`).
 */
import { useStore } from "@nanostores/react";
import { useMemo, type ReactNode } from "react";
import type { ArticleSummary } from "../../../../api/contract";
import { sortFrench } from "../../lib/collate";
import { formatDateLong, fullName } from "../../lib/format";
import { articleHref, articlePicSrc } from "../../lib/paths";
import { variantSrcset } from "../../lib/picture";
import { articlesChanged, deleteArticle } from "../articles/api";
import { api, call } from "../lib/api";
import { useResource } from "../lib/query";
import type { Column } from "../ui/DataTable";
import { useEditAddress } from "../ui/edit-address";
import { FormField } from "../ui/FormField";
import { ScreenHead } from "../ui/ScreenHead";
import { AdminArticleForm } from "./AdminArticleForm";
import { PublicationBadges } from "../articles/PublicationBadges";
import { AuthorLinks } from "../articles/AuthorLinks";
import { ArticleBulkBar } from "./ArticleBulkBar";
import { selectColumn, useSelection } from "../ui/BulkBar";
import { useModerationColumns } from "../moderation/use-moderation";
import { $userThemes } from "../articles/stores";
import { ListSearch } from "../ui/ListSearch";
import { choicesOf, ListSelect } from "../ui/ListSelect";
import { isFiltered } from "../ui/list-state";
import { ListTable } from "../ui/ListTable";
import { useShown } from "../ui/use-shown";
import { ARTICLE_SORTS, ARTICLE_STATUSES, countLabel } from "./list-query";
import { $adminUsers } from "../users/stores";
import { $adminArticles, articleList } from "./stores";
import "./AdminArticlesScreen.css";
import { TRASH_ARTICLE_QUESTION } from "../trash/trash-text";

function Thumbnail({ file }: { file: string | null }): ReactNode {
  if (!file) return <span className="muted">Pas d'image</span>;
  const src = articlePicSrc(file);
  return (
    <img
      className="admin-thumb"
      src={src}
      srcSet={variantSrcset(src, "article_pics", "webp") ?? undefined}
      sizes="80px"
      width={80}
      height={45}
      loading="lazy"
      decoding="async"
      alt=""
    />
  );
}

/**
 * « 26 novembre 2026 », broken only before the year: two short lines in a compact row (issue 33 §1). One element,
 * not two: a card's cell is a grid (ui/DataTable.css), which put the year alone on a row of its own.
 */
function LongDate({ value }: { value: string }): ReactNode {
  const text = formatDateLong(value);
  const cut = text.lastIndexOf(" ");
  if (cut < 0) return text;
  return (
    <span>
      <span className="nowrap">{text.slice(0, cut)}</span> {text.slice(cut + 1)}
    </span>
  );
}

function Themes({ article }: { article: ArticleSummary }): ReactNode {
  if (article.themes.length === 0) return <span className="muted">Non spécifié</span>;
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

export default function AdminArticlesScreen() {
  const query = useStore(articleList.$state);
  const { data, loading, error } = useResource($adminArticles, "Erreur lors du chargement des articles.");
  const themes = useResource($userThemes, "Erreur lors du chargement des thèmes");
  // The author filter offers every account, as /admin/media's does (the API keeps the articles they co-wrote).
  const users = useResource($adminUsers, "Erreur lors du chargement des utilisateurs");
  const people = sortFrench(users.data ?? [], (u) => `${u.name} ${u.firstname}`).map((u) => [u._id, fullName(u)] as const);
  const [target, setTarget] = useEditAddress();
  const listed = useShown(data);
  // An approved article whose edit waits shows as waiting: its approve toggle then approves the edit (issue 20 §2).
  const shown = useMemo(() => listed && { ...listed, items: listed.items.map((a) => (a.pendingEdit ? { ...a, approved: false } : a)) }, [listed]);

  const key = useStore(articleList.$key);
  const { selection, setSelection, toggle } = useSelection(key);

  const change = articleList.change;
  const filter = (name: "status" | "theme" | "author" | "from" | "to", value: string) => change({ filters: { [name]: value || undefined } });

  const moderation = useModerationColumns<ArticleSummary>({
    list: data,
    setFlag: (id, flag, value, fallback) =>
      flag === "approved"
        ? call(api.admin.articles({ id }).approve.put({ approved: value }), fallback)
        : call(api.admin.articles({ id }).online.put({ online: value }), fallback),
    remove: (id) => deleteArticle("admin", id),
    kind: "article",
    changed: articlesChanged,
    onEdit: (id) => setTarget({ id }),
    texts: { confirm: TRASH_ARTICLE_QUESTION, deleted: "Article supprimé avec succès.", deleteFallback: "Erreur lors de la suppression de l'article." },
  });

  const columns: Column<ArticleSummary>[] = [
    selectColumn<ArticleSummary>(selection, toggle, (a) => a._id, (a) => a.title),
    { key: "title", header: "Titre", rowHeader: true, sortable: true, cell: (a) => (
        <>
          <a className="clip clip-title" href={articleHref(a.url)} title={a.title}>
            {a.title}
          </a>
          <PublicationBadges article={a} />
        </>
      ) },
    { key: "image", header: "Image", className: "picture", cell: (a) => <Thumbnail file={a.articlePic} /> },
    { key: "themes", header: "Thèmes", className: "themes", cell: (a) => <Themes article={a} /> },
    { key: "media", header: "Médias", className: "num", cell: (a) => a.mediaCount },
    { key: "author", header: "Auteurs", sortable: true, className: "authors", cell: (a) => <AuthorLinks article={a} className="clip-people" /> },
    { key: "recent", header: "Créé le", sortable: true, sortDir: "desc", className: "created", cell: (a) => <LongDate value={a.createdAt} /> },
    ...moderation,
  ];

  const total = shown?.total ?? 0;
  const filtered = isFiltered(query);
  return (
    <section className="admin-articles">
      <ScreenHead
        title="Administration Articles"
        action={
          <button type="button" className="btn" onClick={() => setTarget({ id: null })}>
            Nouvel article
          </button>
        }
      />
      <div className="list-tools">
        <p className="list-count" aria-live="polite">
          {shown ? countLabel(total, shown.capped) : ""}
        </p>
        <ListSearch label="Rechercher un article" value={query.q} onSearch={(q) => change({ q }, { replace: query.q.trim() !== "" })} />
        <ListSelect label="Afficher" value={query.filters.status ?? ""} options={ARTICLE_STATUSES} onChange={(v) => filter("status", v)} />
        <ListSelect label="Thème" value={query.filters.theme ?? ""} options={choicesOf(themes.data ?? [])} onChange={(v) => filter("theme", v)} first="Tous les thèmes" />
        <ListSelect label="Auteur" value={query.filters.author ?? ""} options={people} onChange={(v) => filter("author", v)} first="Tous les auteurs" />
        <FormField label="Créés depuis le" className="list-tool list-date">
          {(field) => <input {...field} type="date" value={query.filters.from ?? ""} onChange={(e) => filter("from", e.target.value)} />}
        </FormField>
        <FormField label="Jusqu'au" className="list-tool list-date">
          {(field) => <input {...field} type="date" value={query.filters.to ?? ""} onChange={(e) => filter("to", e.target.value)} />}
        </FormField>
        <ListSelect label="Trier" value={query.sort} options={ARTICLE_SORTS} onChange={(sort) => change({ sort })} />
      </div>
      <ArticleBulkBar
        selection={selection}
        setSelection={setSelection}
        pageIds={(shown?.items ?? []).map((a) => a._id)}
        total={total}
        capped={shown?.capped}
        state={query}
        themes={themes.data ?? []}
      />
      <ListTable
        list={articleList}
        state={query}
        page={shown}
        caption="Articles"
        count={countLabel}
        columns={columns}
        rowKey={(a) => a._id}
        loading={loading}
        error={error}
        empty={filtered ? "Aucun article dans cette sélection." : "Aucun article"}
      />
      {target !== null && <AdminArticleForm articleId={target.id} onClose={() => setTarget(null)} />}
    </section>
  );
}
