/**
 * Client-side sort and filter over prerendered table rows (see TableTools.astro). Rows are moved, never rebuilt,
 * so links and focus stay intact. Another script may hide rows too: it marks them `data-excluded` and sends
 * `tabletools:apply` to the tools element (the events calendar's day filter does).
 * A divider row (`data-divider="key:prefix"`, e.g. « Événements passés ») is not a row of data: in a sort by
 * `key` it goes before the first shown row whose key starts with `prefix`, when rows come before it too; in any
 * other sort it is hidden.
 */
import { frenchCollator as collator } from "../lib/collate";

const ISO = /^\d{4}-\d{2}-\d{2}/;

function compare(a: string, b: string): number {
  // ISO timestamps sort as plain strings; words follow French collation (accents, case).
  if (ISO.test(a) && ISO.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  if (!a || !b) return a ? -1 : b ? 1 : 0; // blanks last
  return collator.compare(a, b);
}

for (const tools of document.querySelectorAll<HTMLElement>("[data-table-tools]")) {
  const table = document.getElementById(tools.dataset.tableTools ?? "") as HTMLTableElement | null;
  const body = table?.tBodies[0];
  if (!table || !body) continue;
  const rows = [...body.rows].filter((r) => !r.hasAttribute("data-divider"));
  const dividers = [...body.rows].filter((r) => r.hasAttribute("data-divider"));
  const order = new Map(rows.map((r, i) => [r, i]));
  const sortSel = tools.querySelector<HTMLSelectElement>("select[data-sort]");
  const filterSel = tools.querySelector<HTMLSelectElement>("select[data-filter]");
  const count = tools.querySelector<HTMLElement>("[data-count]");
  const empty = tools.dataset.empty ? document.getElementById(tools.dataset.empty) : null;
  const wrap = table.closest<HTMLElement>(".table-wrap") ?? table;

  const apply = () => {
    const [key = "", dir = "asc"] = (sortSel?.value ?? "").split(":");
    const sorted = rows.slice().sort((a, b) => {
      const c = compare(a.dataset[key] ?? "", b.dataset[key] ?? "");
      return (dir === "desc" ? -c : c) || order.get(a)! - order.get(b)!;
    });
    const fKey = filterSel?.dataset.filter ?? "";
    const fVal = filterSel?.value ?? "";
    let shown = 0;
    // Only what changes is written: an untouched row costs no style or layout work.
    const moved = sorted.some((row, i) => body.rows[i] !== row);
    for (const row of sorted) {
      const hide = row.hasAttribute("data-excluded") || (fVal !== "" && row.dataset[fKey] !== fVal);
      if (row.hidden !== hide) row.hidden = hide;
      if (!hide) shown++;
      if (moved) body.append(row);
    }
    for (const divider of dividers) {
      const [dKey = "", prefix = ""] = (divider.dataset.divider ?? "").split(":");
      const shownRows = sorted.filter((r) => !r.hidden);
      const at = dKey === key ? shownRows.findIndex((r) => (r.dataset[dKey] ?? "").startsWith(prefix)) : -1;
      if (at > 0) shownRows[at]!.before(divider);
      if (divider.hidden !== !(at > 0)) divider.hidden = !(at > 0);
    }
    if (count) {
      const text = `${shown} ${shown < 2 ? count.dataset.singular : count.dataset.plural}`;
      if (count.textContent !== text) count.textContent = text;
    }
    if (wrap.hidden !== (shown === 0)) wrap.hidden = shown === 0;
    if (empty && empty.hidden !== (shown !== 0)) empty.hidden = shown !== 0;
  };

  tools.querySelectorAll<HTMLElement>("[data-js-only]").forEach((el) => (el.hidden = false));
  sortSel?.addEventListener("change", apply);
  filterSel?.addEventListener("change", apply);
  tools.addEventListener("tabletools:apply", apply);
  // A restored form state (back navigation) may differ from the prerendered order.
  const changed = (s: HTMLSelectElement | null) => !!s && [...s.options].some((o) => o.selected !== o.defaultSelected);
  if (changed(sortSel) || changed(filterSel)) apply();
}
