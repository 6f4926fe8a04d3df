/**
 * The HTML the form stores from the editor's document. ProseMirror writes a list item as `<li><p>text</p></li>`
 * and keeps empty paragraphs (a trailing one is always there to type in); stored bodies have always been
 * `<li>text</li>` without empty paragraphs (the seed, the older form), and the public page's styles expect that.
 * Parsing it back gives the same document (the list item's text is wrapped in a paragraph again).
 * Links lose rel and target, which the server sets from the address.
 * Tables (issue 32 §1) lose the editor's sizes and styles; a first row of header cells goes into `<thead>` with
 * `scope="col"` (a header cell further down names its row); a cell's lone paragraph is unwrapped as a list item's.
 * Footnote calls get their number in document order (renumberFootnotes).
 */
export function storedHtml(editorHtml: string, parse: (html: string) => Document = (h) => new DOMParser().parseFromString(h, "text/html")): string {
  const body = parse(editorHtml).body;
  for (const li of [...body.querySelectorAll("li, td, th")]) {
    const first = li.firstElementChild;
    if (first?.tagName === "P") {
      while (first.firstChild) li.insertBefore(first.firstChild, first);
      first.remove();
    }
  }
  // rel and target are the server's to set from the address (shared/html.ts): one form whatever was stored.
  for (const a of [...body.querySelectorAll("a")]) {
    a.removeAttribute("rel");
    a.removeAttribute("target");
  }
  for (const p of [...body.querySelectorAll("p")]) {
    // A paragraph holding only a footnote call is not empty.
    if (!p.textContent?.trim() && !p.querySelector("img, br, sup")) p.remove();
  }
  for (const table of [...body.querySelectorAll("table")]) tidyTable(table);
  renumberFootnotes(body);
  return body.innerHTML.trim();
}

function tidyTable(table: HTMLTableElement) {
  for (const el of [table, ...table.querySelectorAll("*")]) {
    el.removeAttribute("style");
    el.removeAttribute("contenteditable");
    el.removeAttribute("colwidth");
    for (const span of ["colspan", "rowspan"]) if (el.getAttribute(span) === "1") el.removeAttribute(span);
  }
  table.querySelectorAll("colgroup").forEach((c) => c.remove());
  const rows = [...table.querySelectorAll("tr")];
  const first = rows[0];
  const headerRow = !!first && first.children.length > 0 && [...first.children].every((c) => c.tagName === "TH");
  for (const th of table.querySelectorAll("th")) th.setAttribute("scope", headerRow && th.parentElement === first ? "col" : "row");
  if (headerRow && first.parentElement?.tagName === "TBODY") {
    const doc = table.ownerDocument;
    const thead = doc.createElement("thead");
    thead.appendChild(first);
    table.insertBefore(thead, table.querySelector("tbody"));
  }
}

/** Each footnote call holds its number in document order: moving a note renumbers them all. */
function renumberFootnotes(root: ParentNode): void {
  [...root.querySelectorAll("sup.footnote")].forEach((sup, i) => {
    sup.removeAttribute("title");
    sup.textContent = String(i + 1);
  });
}
