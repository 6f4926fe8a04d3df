/**
 * A DataTable bound to a list store (ui/list-store.ts): the rows of the page on screen, the hidden caption with the
 * count and the page (« Médias : 12 médias, page 1 sur 1 »), the header sorts and the pager, all read from and
 * written to the list's state. Every paged list of the apps wires these the same way; the screen keeps its columns,
 * its texts and what it shows around the table.
 */
import type { ListStore } from "./list-store";
import { listPagination } from "./list-store";
import { DataTable, type DataTableProps } from "./DataTable";
import type { ListState } from "./list-state";

type Bound = "caption" | "captionHidden" | "rows" | "sort" | "onSortChange" | "defaultSort" | "pagination";

export type ListTableProps<T, S extends string, F extends string> = Omit<DataTableProps<T>, Bound> & {
  list: ListStore<S, F>;
  state: ListState<S, F>;
  /** The page on screen (the last answer, kept while the next loads: `useShown`). */
  page: { items: readonly T[]; total: number; capped?: boolean } | undefined;
  /** The table's name: the whole caption, or its start when `count` is given. */
  caption: string;
  /**
   * The count of matching rows (« 12 médias », « plus de 10 000 médias » when `capped`): the caption then reads
   * « {caption} : {count}, page p sur N ».
   */
  count?: (total: number, capped?: boolean) => string;
};

/** The hidden caption of a paged list: « {name} : {count}, page p sur N » once a page is in, the name alone before. */
export function listCaption(name: string, count: string | undefined, state: ListState, pageCount: number): string {
  return count === undefined ? name : `${name}\u00a0: ${count}, page ${state.page} sur ${pageCount}`;
}

export function ListTable<T, S extends string, F extends string>({ list, state, page, caption, count, ...table }: ListTableProps<T, S, F>) {
  const pager = listPagination(list, state, page?.total ?? 0);
  // The server sorts: headers are sort buttons only for columns marked `sortable` (none on some lists).
  const sorted = table.columns.some((c) => c.sortable);
  return (
    <DataTable
      {...table}
      caption={listCaption(caption, page && count ? count(page.total, page.capped) : undefined, state, pager.pageCount)}
      captionHidden
      rows={page?.items}
      sort={sorted ? { key: state.sort, dir: state.dir } : undefined}
      onSortChange={sorted ? (s) => list.change({ sort: s.key as S, dir: s.dir } as Partial<ListState<S, F>>) : undefined}
      pagination={pager}
    />
  );
}
