/**
 * The one data table of the apps: a caption (visible or for screen readers only), columns, a loading row, an
 * error row, the empty text, optional sortable headers and optional server pagination.
 *
 *   <DataTable caption="Mes articles" rows={data} rowKey={(a) => a._id} loading={loading} error={error}
 *     empty="Aucun article disponible pour le moment."
 *     columns={[
 *       { key: "title", header: "Titre", cell: (a) => <a href={articleHref(a.url)}>{a.title}</a>, sortValue: (a) => a.title },
 *       { key: "date", header: "Créé le", cell: (a) => formatDateShort(a.createdAt), sortValue: (a) => a.createdAt },
 *     ]} />
 *
 * Sorting: with `sortValue` on columns and no `onSortChange`, the table sorts its rows itself (French collation);
 * with `sort` + `onSortChange` the caller sorts (server side) and the table only draws the headers' state.
 * Server pages: `pagination` with `pageSize` and `onPageSizeChange` adds the rows-per-page choice (25 / 50 / 100)
 * and first / last page buttons; the state itself lives in the address (ui/list-store.ts), and `ListTable`
 * (ui/ListTable.tsx) binds a list store's state to the caption, the header sorts and the pager.
 * The pager's buttons stay focusable at either end (`aria-disabled`), so keyboard focus never falls to the page;
 * when rows change under focus (a toggle's reload, a delete), `useRowFocus` (ui/row-focus.ts) puts it back.
 */
import { useId, useMemo, useRef, useState, type ReactNode } from "react";
import { PAGE_SIZES, type PageSize } from "./list-state";
import { useRowFocus } from "./row-focus";
import "./DataTable.css";

export type SortDir = "asc" | "desc";
export type SortState = { key: string; dir: SortDir };

export type Column<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Makes the header a sort button (client sorting uses this value). */
  sortValue?: (row: T) => string | number | boolean | Date | null | undefined;
  /** Server-sorted tables: the header is a sort button even without sortValue. */
  sortable?: boolean;
  /** The direction a first click sorts in (newest first for dates): "asc" by default. */
  sortDir?: SortDir;
  /** Class of the cells: "nowrap", "num" (right-aligned figures), "row-actions" (buttons side by side). */
  className?: string;
  /** The row's header cell (<th scope="row">), usually the title column. */
  rowHeader?: boolean;
  /** Names the cell on narrow screens, where rows become cards (default: the header when it is text). */
  label?: string;
};

export type Pagination = {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Rows per page (25, 50 or 100) and its change: shows the choice under the table. */
  pageSize?: number;
  onPageSizeChange?: (size: PageSize) => void;
};

export type DataTableProps<T> = {
  caption: ReactNode;
  /** Keeps the caption for screen readers only (a visible heading already names the table). */
  captionHidden?: boolean;
  columns: Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  /** French error text; shown in place of the rows. */
  error?: string | null;
  empty: ReactNode;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  /** Sort applied before the first click (client sorting). */
  defaultSort?: SortState;
  pagination?: Pagination;
  className?: string;
};

const collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === "") return 1;
  if (b === null || b === undefined || b === "") return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  // Eden revives ISO date strings as Date objects: compare them by time, not by their text ("Mon Mar…").
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  return collator.compare(String(a), String(b));
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, loading = false, error = null, empty, pagination } = props;
  const [localSort, setLocalSort] = useState<SortState | undefined>(props.defaultSort);
  const controlled = props.onSortChange !== undefined;
  const sort = controlled ? props.sort : localSort;

  const shown = useMemo(() => {
    if (!rows) return [];
    if (controlled || !sort) return rows;
    const col = columns.find((c) => c.key === sort.key);
    if (!col?.sortValue) return rows;
    const value = col.sortValue;
    const sorted = [...rows].sort((a, b) => compare(value(a), value(b)));
    return sort.dir === "desc" ? sorted.reverse() : sorted;
  }, [rows, sort, columns, controlled]);

  const toggleSort = (key: string) => {
    const first = columns.find((c) => c.key === key)?.sortDir ?? "asc";
    const next: SortState = sort?.key === key ? { key, dir: sort.dir === "asc" ? "desc" : "asc" } : { key, dir: first };
    if (controlled) props.onSortChange!(next);
    else setLocalSort(next);
  };

  const table = useRef<HTMLTableElement>(null);
  useRowFocus(table, shown, loading && shown.length === 0 && !error);

  const span = columns.length;
  let body: ReactNode;
  if (error) {
    body = (
      <tr>
        <td colSpan={span} className="table-message table-error">
          {error}
        </td>
      </tr>
    );
  } else if (loading && shown.length === 0) {
    body = (
      <tr>
        <td colSpan={span} className="table-message" role="status">
          Chargement...
        </td>
      </tr>
    );
  } else if (shown.length === 0) {
    body = (
      <tr>
        <td colSpan={span} className="table-message">
          {empty}
        </td>
      </tr>
    );
  } else {
    body = shown.map((row) => (
      <tr key={rowKey(row)} data-row-key={rowKey(row)}>
        {columns.map((c) =>
          c.rowHeader ? (
            <th key={c.key} scope="row" className={c.className}>
              {c.cell(row)}
            </th>
          ) : (
            <td key={c.key} className={c.className} data-label={c.label ?? (typeof c.header === "string" ? c.header : undefined)}>
              {c.cell(row)}
            </td>
          ),
        )}
      </tr>
    ));
  }

  return (
    // The frame is the container the card layout is measured against (DataTable.css).
    <div className="app-table-frame">
    <div className={`table-wrap app-table${props.className ? ` ${props.className}` : ""}`}>
      <table ref={table} className="data-table" aria-busy={loading || undefined}>
        <caption className={props.captionHidden ? "sr-only" : "table-caption"}>{props.caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const sortable = controlled ? c.sortable || c.sortValue !== undefined : c.sortValue !== undefined;
              const active = sort?.key === c.key;
              const ariaSort = active ? (sort!.dir === "asc" ? "ascending" : "descending") : undefined;
              return (
                <th key={c.key} scope="col" aria-sort={ariaSort} className={c.className}>
                  {sortable ? (
                    <button type="button" className="sort-button" onClick={() => toggleSort(c.key)}>
                      {c.header}
                      <span className="sort-icon" aria-hidden="true">
                        {active ? (sort!.dir === "asc" ? "▲" : "▼") : "↕"}
                      </span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
      {pagination && <Pager {...pagination} />}
    </div>
    </div>
  );
}

/** The pager: first, previous, « Page n sur m », next, last, and the rows-per-page choice (also under the media grid). */
export function Pager({ page, pageCount, onPageChange, pageSize, onPageSizeChange }: Pagination) {
  const sizeId = useId();
  if (pageCount <= 1 && !onPageSizeChange) return null;
  const go = (target: number) => {
    if (target >= 1 && target <= pageCount && target !== page) onPageChange(target);
  };
  const button = (label: string, target: number, off: boolean, text: string = label) => (
    <button type="button" className="btn btn-small btn-outline" aria-disabled={off || undefined} aria-label={text !== label ? label : undefined} onClick={() => !off && go(target)}>
      {text}
    </button>
  );
  return (
    <nav className="table-pages" aria-label="Pagination">
      {pageCount > 1 && (
        <div className="table-pages-buttons">
          {button("Première page", 1, page <= 1, "«")}
          {button("Page précédente", page - 1, page <= 1)}
          <span aria-live="polite">
            Page {page} sur {pageCount}
          </span>
          {button("Page suivante", page + 1, page >= pageCount)}
          {button("Dernière page", pageCount, page >= pageCount, "»")}
        </div>
      )}
      {onPageSizeChange && (
        <div className="table-page-size">
          <label htmlFor={sizeId}>Lignes par page</label>
          <select id={sizeId} value={pageSize ?? 50} onChange={(e) => onPageSizeChange(Number(e.target.value) as PageSize)}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      )}
    </nav>
  );
}
