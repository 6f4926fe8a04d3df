/**
 * French alphabetical order for everything sorted by name or title. The database compares bytes, which puts
 * « Économie » and « Éducation » after « Spiritualité »; a French reader expects É with E, and « Thème 2 » before
 * « Thème 10 ».
 */
export const frenchCollator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

/** A copy of `items` in French alphabetical order of `key` (stable: equal keys keep their order). */
export function sortFrench<T>(items: readonly T[], key: (item: T) => string): T[] {
  return items.slice().sort((a, b) => frenchCollator.compare(key(a), key(b)));
}
