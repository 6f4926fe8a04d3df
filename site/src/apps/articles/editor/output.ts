/**
 * The HTML the form stores from the editor's document. ProseMirror writes a list item as `<li><p>text</p></li>`
 * and keeps empty paragraphs (a trailing one is always there to type in); stored bodies have always been
 * `<li>text</li>` without empty paragraphs (the seed, the older form), and the public page's styles expect that.
 * Parsing it back gives the same document (the list item's text is wrapped in a paragraph again).
 * Links lose rel and target, which the server sets from the address.
 */
export function storedHtml(editorHtml: string, parse: (html: string) => Document = (h) => new DOMParser().parseFromString(h, "text/html")): string {
  const body = parse(editorHtml).body;
  for (const li of [...body.querySelectorAll("li")]) {
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
    if (!p.textContent?.trim() && !p.querySelector("img, br")) p.remove();
  }
  return body.innerHTML.trim();
}
