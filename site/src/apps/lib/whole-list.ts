/**
 * List routes answer the spec's whole list (an array) when no page is asked for, and one page (`{ items, total,
 * page, pageSize }`) when one is: the paged shape is opt-in until every screen pages (docs/DECISIONS.md). A
 * screen that asked for the whole list narrows the typed answer here.
 */
export function wholeList<T>(answer: T[] | { items: T[] }): T[] {
  return Array.isArray(answer) ? answer : answer.items;
}
