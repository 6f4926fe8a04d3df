/**
 * The « Trier » selector of the paged article lists: each sort is its own prerendered page, so choosing one goes
 * there (SortNav.astro; without JavaScript the same choices are links).
 */
for (const select of document.querySelectorAll<HTMLSelectElement>("select[data-sort-nav]")) {
  select.addEventListener("change", () => {
    if (select.value) location.assign(select.value);
  });
}
