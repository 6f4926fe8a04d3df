/**
 * What a build store's last refresh changed (lib/api.ts `FeedStore`): its count of refreshes, and the objects that
 * left and came (null after a whole read). The structures kept from one build to the next (lib/article-lists-kept.ts,
 * lib/groups-kept.ts, lib/sitemap.ts) follow it; null outside a build's store (« Aperçu »).
 */
export type StoreChange<T> = { version: number; delta: { removed: readonly T[]; added: readonly T[] } | null } | null;
