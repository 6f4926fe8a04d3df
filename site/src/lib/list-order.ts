/**
 * The order of the public lists as the build keeps them (lib/api.ts): latest first by a date, then by id, as the
 * API's ORDER BY (`desc(createdAt), asc(id)` for articles and media, `desc(startDate), asc(id)` for events), so an
 * item read by id is placed where the whole list would have it.
 */
export const latestFirst =
  <T extends { _id: string }>(at: (item: T) => string) =>
  (a: T, b: T) =>
    at(a) > at(b) ? -1 : at(a) < at(b) ? 1 : byId(a, b);

export const byId = (a: { _id: string }, b: { _id: string }) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/** The first place in the sorted `items` whose item `compare` does not put before `item` (binary search). */
export function lowerBound<T>(items: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let [low, high] = [0, items.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(items[mid]!, item) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Inserts `item` into the sorted `items` where `compare` puts it (binary search). */
export function placeInto<T>(items: T[], item: T, compare: (a: T, b: T) => number): void {
  items.splice(lowerBound(items, item, compare), 0, item);
}
