/**
 * Data for the screens: one fetcher store per resource (@nanostores/query), named by its API path so a write can
 * reload every list showing it (spec §7: "after a successful write or toggle, the lists are reloaded").
 *
 *   // articles/stores.ts
 *   export const $myArticles = resource("/api/user/articles", () =>
 *     call(api.user.articles.get(), "Erreur lors du chargement des articles"));
 *   // in a component
 *   const { data, loading, error } = useResource($myArticles);
 *   // after a write
 *   invalidate("/api/user/articles");
 */
import { nanoquery, type FetcherStore, type KeyInput } from "@nanostores/query";
import { useStore } from "@nanostores/react";
import { errorText } from "./api";

const [createFetcherStore, createMutatorStore, cache] = nanoquery({
  // A list that fails is logged and left empty (spec §7); retrying in a loop would only repeat the error.
  onErrorRetry: null,
  onError: (e) => console.warn(e),
  // Screens are full pages: the cache only shares one answer between components of the same page.
  dedupeTime: 2_000,
});

export { createMutatorStore };

/**
 * A store loading one resource. `key` is the API path (plus query atoms for paginated lists:
 * `["/api/admin/articles?", $query]`); `load` receives the key parts and calls the typed client.
 */
export function resource<T>(key: KeyInput, load: (...parts: (string | number | true)[]) => Promise<T>): FetcherStore<T> {
  return createFetcherStore<T>(key, { fetcher: load });
}

/**
 * Reloads every resource whose key starts with one of `prefixes` (a screen on it shows the loading state, then the
 * fresh answer). Call it after every successful write.
 */
export function invalidate(...prefixes: string[]): void {
  cache.invalidateKeys((key) => prefixes.some((p) => key.startsWith(p)));
}

/**
 * Reloads like `invalidate`, but the current answer stays on screen until the fresh one arrives (no loading row,
 * no scroll jump): for toggles in long tables and for polling.
 */
export function revalidate(...prefixes: string[]): void {
  cache.revalidateKeys((key) => prefixes.some((p) => key.startsWith(p)));
}

export type ResourceState<T> = {
  data: T | undefined;
  /** True while loading with nothing to show yet (the first load, or after `invalidate`). */
  loading: boolean;
  /** The French message of a failed load, else null. */
  error: string | null;
};

/** A resource in a React component: its data, loading flag and French error text (with `fallback` if none). */
export function useResource<T>(store: FetcherStore<T>, fallback = "Erreur lors du chargement."): ResourceState<T> {
  const { data, loading, error } = useStore(store);
  return { data, loading: loading && data === undefined, error: error ? errorText(error, fallback) : null };
}
