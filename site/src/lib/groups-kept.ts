/**
 * A store's items grouped by key (an article's authors, its themes, a media's uploader), kept by the build process
 * from one build to the next (issue 31): at 50,000 articles, grouping every summary again was a pass over the site
 * per build for the member pages and the theme feeds. A build that follows the one the grouping was last made in
 * (the store counts its refreshes: lib/api.ts `articlesChange`, `mediaChange`) takes the items that left and came,
 * finds each by binary search in its groups, and copies only the groups they touch: the other groups stay the same
 * arrays, so their digest (lib/object-digest.ts, by identity) is not made again either.
 *
 * The groups equal `groupWhole`'s of the store's list, in another key order (the consumers look groups up by key;
 * lib/groups-kept.test.ts compares them over a series of changes); anything unexpected (another version, an item
 * that left and is not found) groups anew.
 */
import { lowerBound } from "./list-order";
import type { StoreChange } from "./store-change";

export type Groups<T> = ReadonlyMap<string, readonly T[]>;

type Kept<T> = { version: number; groups: Map<string, T[]> };

const kept = new Map<string, Kept<object>>();

/** Each item under each of its keys (counted once per item), every group in the list's order. */
export function groupWhole<T>(list: readonly T[], keysOf: (item: T) => Iterable<string>): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of list) {
    for (const key of new Set(keysOf(item))) {
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
  }
  return groups;
}

/** The groups after `removed` left and `added` came, or null when an item that left is not where it should be. */
function advance<T>(before: Map<string, T[]>, removed: readonly T[], added: readonly T[], keysOf: (item: T) => Iterable<string>, order: (a: T, b: T) => number): Map<string, T[]> | null {
  const groups = new Map(before);
  const copied = new Set<string>();
  // Copy on first touch: a group handed out by an earlier build is never modified (its digest is memoized).
  const own = (key: string) => {
    if (!copied.has(key)) {
      copied.add(key);
      groups.set(key, (groups.get(key) ?? []).slice());
    }
    return groups.get(key)!;
  };
  for (const item of removed) {
    for (const key of new Set(keysOf(item))) {
      const group = own(key);
      const at = lowerBound(group, item, order);
      if (group[at] !== item) return null;
      group.splice(at, 1);
    }
  }
  for (const item of added) {
    for (const key of new Set(keysOf(item))) {
      const group = own(key);
      group.splice(lowerBound(group, item, order), 0, item);
    }
  }
  // A group left empty is no group, as in a whole grouping.
  for (const key of copied) if (groups.get(key)!.length === 0) groups.delete(key);
  return groups;
}

/**
 * The items of `all()` grouped by `keysOf`, each group in `order` (the store's), made from the last build's groups
 * of the same `name` when `change` follows them. Asked again in the same build, the same answer.
 */
export function keptGroups<T extends object>(
  name: string,
  all: () => readonly T[],
  change: StoreChange<T>,
  keysOf: (item: T) => Iterable<string>,
  order: (a: T, b: T) => number,
): Groups<T> {
  const before = kept.get(name) as Kept<T> | undefined;
  const version = change?.version ?? -1;
  if (before && version >= 0 && before.version === version) return before.groups;
  let groups: Map<string, T[]> | null = null;
  if (before && change?.delta && before.version === version - 1) groups = advance(before.groups, change.delta.removed, change.delta.added, keysOf, order);
  groups ??= groupWhole(all(), keysOf);
  kept.set(name, { version, groups } as Kept<object>);
  return groups;
}
