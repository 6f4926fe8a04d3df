/**
 * A list's state as a store kept in step with the address: every change is a new history entry (so the back
 * button returns to the previous page, sort or filter), typing in the search box replaces the entry instead of
 * piling one per letter, and going back or forward re-reads the address.
 */
import { atom, type ReadableAtom } from "nanostores";
import type { Pagination } from "./DataTable";
import { nextState, readListState, stateKey, writeListState, type ListConfig, type ListState } from "./list-state";

export type ListStore<S extends string, F extends string> = {
  $state: ReadableAtom<ListState<S, F>>;
  /** A stable key of the state, for the list's data store. */
  $key: ReadableAtom<string>;
  /** Applies a change (page 1 unless the page is what changes); `replace` for the search box while typing. */
  change: (change: Partial<ListState<S, F>>, opts?: { replace?: boolean }) => void;
};

export function createListStore<S extends string, F extends string>(config: ListConfig<S, F>): ListStore<S, F> {
  const here = typeof location === "undefined" ? "" : location.search;
  const $state = atom(readListState(here, config));
  const $key = atom(stateKey($state.get()));
  $state.listen((s) => $key.set(stateKey(s)));
  if (typeof window !== "undefined") {
    window.addEventListener("popstate", () => $state.set(readListState(location.search, config)));
  }
  return {
    $state,
    $key,
    change(change, opts = {}) {
      const next = nextState($state.get(), change, config);
      $state.set(next);
      const url = `${location.pathname}${writeListState(location.search, next, config)}${location.hash}`;
      if (opts.replace) history.replaceState(history.state, "", url);
      else history.pushState(history.state, "", url);
    },
  };
}

/** The DataTable pager of a list store at `state`, for `total` matching rows (at least one page, even empty). */
export function listPagination<S extends string, F extends string>(list: ListStore<S, F>, state: ListState<S, F>, total: number): Pagination {
  return {
    page: state.page,
    pageCount: Math.max(1, Math.ceil(total / state.pageSize)),
    onPageChange: (page) => list.change({ page }),
    pageSize: state.pageSize,
    onPageSizeChange: (pageSize) => list.change({ pageSize }),
  };
}
