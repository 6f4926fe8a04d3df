/**
 * What a paste from a word processor or a web page keeps: headings, bold and italic, lists, quotes, paragraphs,
 * line breaks and links. Everything else goes: styles, fonts, classes, ids, scripts, comments, Word's own tags,
 * pictures (tracking pixels and remote images: pictures enter the text by upload only, with their alternative
 * text). Runs on the clipboard's HTML before ProseMirror parses it through the schema (schema.ts), which drops
 * anything left that it does not know.
 *
 * Word processors say some of this with styles rather than tags, so styles are read before being dropped:
 * Google Docs marks bold as `<span style="font-weight:700">` and wraps the whole paste in a
 * `<b style="font-weight:normal">`; Word (desktop) writes list items as `<p class="MsoListParagraph"
 * style="mso-list:l0 level1 lfo1">` with the bullet as text in a `mso-list:Ignore` span.
 *
 * Footnotes (issue 32) become the editor's notes: a word processor writes each call as a link to its note at the
 * end (Word: `<a href="#_ftn1" name="_ftnref1">[1]</a>` and `<div style="mso-element:footnote" id="ftn1">` holding
 * `<a href="#_ftnref1" name="_ftn1">[1]</a> text`; LibreOffice `sdfootnote1anc`/`sdfootnote1sym`; Google Docs
 * `ftnt_ref1`/`ftnt1`). A link whose target links back to it is a call: it becomes `<sup class="footnote"
 * data-note="text">`, and the note leaves the end of the text.
 */

/** Elements dropped with everything inside them. */
const DROP = "script, style, meta, link, title, head, template, noscript, iframe, frame, object, embed, svg, math, img, picture, video, audio, canvas, form, input, button, select, textarea, xml";

/**
 * Elements kept (their attributes go, `href` of links and cells' spans aside); any other element is replaced by its
 * content. Tables keep their rows and cells (issue 32 §1): Word, LibreOffice and Google Docs all copy real `<table>`s.
 */
const KEEP = new Set(["P", "BR", "H2", "H3", "UL", "OL", "LI", "BLOCKQUOTE", "STRONG", "EM", "A", "TABLE", "CAPTION", "THEAD", "TBODY", "TFOOT", "TR", "TH", "TD"]);

/** Attributes a kept element keeps. */
const KEEP_ATTRS: Record<string, string[]> = { A: ["href"], TD: ["colspan", "rowspan"], TH: ["colspan", "rowspan"] };

const BOLD_WEIGHT = /^(bold|bolder|[6-9]00)$/;

/** Cleans clipboard HTML; `parse` gives a Document (DOMParser in the browser, happy-dom in the tests). */
export function cleanPastedHtml(html: string, parse: (html: string) => Document = browserParse): string {
  const doc = parse(html);
  const body = doc.body;
  removeComments(doc, body);
  body.querySelectorAll(DROP).forEach((el) => el.remove());
  footnotes(doc, body);
  wordLists(doc, body);
  // Hidden content (and any marker Word left outside a list paragraph).
  body.querySelectorAll<HTMLElement>("[style]").forEach((el) => {
    const style = el.getAttribute("style") ?? "";
    if (/mso-list\s*:\s*ignore/i.test(style) || /display\s*:\s*none/i.test(style)) el.remove();
  });
  styledEmphasis(doc, body);
  headings(doc, body);
  for (const el of [...body.querySelectorAll("b")]) rename(doc, el, "strong");
  for (const el of [...body.querySelectorAll("i")]) rename(doc, el, "em");
  simplify(body);
  return body.innerHTML;
}

function browserParse(html: string): Document {
  return new DOMParser().parseFromString(html, "text/html");
}

function removeComments(doc: Document, root: Node) {
  const walker = doc.createTreeWalker(root, 128 /* NodeFilter.SHOW_COMMENT */);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  comments.forEach((c) => c.parentNode?.removeChild(c));
}

function rename(doc: Document, el: Element, tag: string): Element {
  const next = doc.createElement(tag);
  for (const a of [...el.attributes]) next.setAttribute(a.name, a.value);
  while (el.firstChild) next.appendChild(el.firstChild);
  el.replaceWith(next);
  return next;
}

function unwrap(el: Element) {
  const parent = el.parentNode;
  if (!parent) return;
  while (el.firstChild) parent.insertBefore(el.firstChild, el);
  parent.removeChild(el);
}

/** Word's list paragraphs, grouped into real lists (ordered when Word's own marker was a number or a letter). */
function wordLists(doc: Document, body: HTMLElement) {
  const isItem = (el: Element | null): el is HTMLElement =>
    !!el && el.tagName === "P" && (/mso-list\s*:\s*l\d/i.test(el.getAttribute("style") ?? "") || /MsoListParagraph/i.test(el.className));
  for (const p of [...body.querySelectorAll("p")]) {
    if (!isItem(p) || !p.isConnected) continue;
    // Word prints the marker itself ("1.", "a)", "·"): its text says which kind of list this is.
    const ordered = /^\s*(\d+|[a-z]|[ivx]+)[.)]/i.test(markerOf(p)?.textContent ?? "");
    const list = doc.createElement(ordered ? "ol" : "ul");
    p.before(list);
    // Word numbers its lists (l0, l1, …): two lists one after the other stay two lists.
    const listId = (el: Element) => /mso-list\s*:\s*(l\d+)/i.exec(el.getAttribute("style") ?? "")?.[1] ?? "";
    const id = listId(p);
    let item: Element | null = p;
    while (isItem(item) && listId(item) === id) {
      const next: Element | null = item.nextElementSibling;
      markerOf(item)?.remove();
      const li = doc.createElement("li");
      while (item.firstChild) li.appendChild(item.firstChild);
      list.appendChild(li);
      item.remove();
      item = next;
    }
  }
}

const markerOf = (p: Element) =>
  [...p.querySelectorAll("span[style]")].find((s) => /mso-list\s*:\s*ignore/i.test(s.getAttribute("style") ?? "")) ?? null;

/** Google Docs' (and other editors') bold and italic spans become tags; its "not bold" wrapper goes. */
function styledEmphasis(doc: Document, body: HTMLElement) {
  for (const el of [...body.querySelectorAll<HTMLElement>("b, span, font")]) {
    const style = (el.getAttribute("style") ?? "").toLowerCase();
    const weight = /font-weight\s*:\s*([a-z0-9]+)/.exec(style)?.[1] ?? "";
    if (el.tagName === "B" && weight === "normal") {
      unwrap(el);
      continue;
    }
    if (el.tagName === "B") continue;
    const italic = /font-style\s*:\s*italic/.test(style);
    let inner: Element = el;
    if (BOLD_WEIGHT.test(weight)) inner = wrapContent(doc, inner, "strong");
    if (italic) wrapContent(doc, inner, "em");
  }
}

function wrapContent(doc: Document, el: Element, tag: string): Element {
  const wrapper = doc.createElement(tag);
  while (el.firstChild) wrapper.appendChild(el.firstChild);
  el.appendChild(wrapper);
  return wrapper;
}

/** The paste's top heading level becomes a title of level 2, the next one level 3, deeper ones level 3 too. */
function headings(doc: Document, body: HTMLElement) {
  const found = [...body.querySelectorAll("h1, h2, h3, h4, h5, h6")];
  if (found.length === 0) return;
  const top = Math.min(...found.map((h) => Number(h.tagName[1])));
  for (const h of found) rename(doc, h, Number(h.tagName[1]) === top ? "h2" : "h3");
}

/** Keeps the allowed elements (attributes gone but KEEP_ATTRS) and replaces every other by its content. */
function simplify(root: Element) {
  for (const el of [...root.children]) {
    simplify(el);
    if (!KEEP.has(el.tagName) && !isFootnoteCall(el)) {
      // Block containers (div, section…; table cells are in KEEP) keep their text apart from what follows; one
      // around a table is unwrapped instead, so the table is not pushed inside a paragraph.
      if (/^(DIV|SECTION|ARTICLE|DT|DD)$/.test(el.tagName) && el.textContent?.trim() && !el.querySelector("table")) {
        const p = el.ownerDocument.createElement("p");
        while (el.firstChild) p.appendChild(el.firstChild);
        el.replaceWith(p);
        if (p.querySelector("p, h2, h3, ul, ol, blockquote")) unwrap(p);
        continue;
      }
      unwrap(el);
      continue;
    }
    const keep = isFootnoteCall(el) ? FOOTNOTE_ATTRS : KEEP_ATTRS[el.tagName];
    for (const a of [...el.attributes]) {
      if (!keep?.includes(a.name)) el.removeAttribute(a.name);
    }
    if (el.tagName === "A" && !el.getAttribute("href")) unwrap(el);
  }
}

/** A note's text at most (the note dialog's limit). */
const NOTE_MAX = 2000;
const FOOTNOTE_ATTRS = ["class", "data-note"];
const isFootnoteCall = (el: Element) => el.tagName === "SUP" && el.classList.contains("footnote") && !!el.getAttribute("data-note");

/** The element a `#name` link points at: by id, or an anchor by name (Word and LibreOffice). */
function linkTarget(body: HTMLElement, href: string): Element | null {
  const name = decodeURIComponent(href.slice(1));
  if (!name) return null;
  return [...body.querySelectorAll("[id], a[name]")].find((el) => el.id === name || el.getAttribute("name") === name) ?? null;
}

/** Footnote calls linked both ways with their notes become the editor's notes; the notes' list goes. */
function footnotes(doc: Document, body: HTMLElement) {
  const calls: { call: HTMLAnchorElement; back: HTMLAnchorElement }[] = [];
  for (const call of [...body.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')]) {
    const back = linkTarget(body, call.getAttribute("href")!);
    const own = [call.id, call.getAttribute("name")].filter(Boolean).map((n) => `#${n}`);
    if (back?.tagName === "A" && back !== call && own.includes(back.getAttribute("href") ?? "")) {
      // Only the call in the text: its note's link back is the pair's other half.
      if (!calls.some((c) => c.call === back)) calls.push({ call, back: back as HTMLAnchorElement });
    }
  }
  const backs = new Set(calls.map((c) => c.back));
  let number = 0;
  for (const { call, back } of calls) {
    // The note: the paragraph holding the link back, or the block around it that holds this one note only.
    let box: Element = back.closest("p, li") ?? back.parentElement ?? back;
    for (let up = box.parentElement; up && up !== body && up.tagName === "DIV"; up = up.parentElement) {
      if ([...up.querySelectorAll("a")].filter((a) => backs.has(a as HTMLAnchorElement)).length !== 1) break;
      box = up;
    }
    // A link back inside the text itself is no note at the end: both stay links.
    if (box.contains(call)) continue;
    back.remove();
    const note = (box.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, NOTE_MAX);
    let emptied = box.parentElement;
    box.remove();
    // Word's list of notes keeps a rule and a line break once its notes are gone: nothing of it is text.
    while (emptied && emptied !== body && !emptied.textContent?.trim()) {
      const up: HTMLElement | null = emptied.parentElement;
      emptied.remove();
      emptied = up;
    }
    if (!note) {
      call.remove();
      continue;
    }
    const sup = doc.createElement("sup");
    sup.className = "footnote";
    sup.setAttribute("data-note", note);
    sup.textContent = String(++number);
    call.replaceWith(sup);
  }
}
