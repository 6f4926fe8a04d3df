// @vitest-environment happy-dom
/**
 * Issue 32 §1 blocks through the real editor (Tiptap in happy-dom), the form's output (output.ts), the server's
 * allow-list (shared/html.ts) and the public page's rendering (lib/body-html.ts): tables pasted from word
 * processors, footnotes and their numbering, callouts and file cards; hostile tables and notes are cleaned.
 */
import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { scanHtml } from "../../../../../api/testing/xss-scan";
import { footnoteTexts, renderFootnotes } from "../../../../../shared/footnotes";
import { sanitizeHtml } from "../../../../../shared/html";
import { renderBody } from "../../../lib/body-html";
import { NodeSelection } from "@tiptap/pm/state";
import { footnoteNumbersKey, touchesFootnotes } from "./footnote-node";
import { typeAfterObject, selectedObject } from "./object-keys";
import { storedHtml } from "./output";
import { cleanPastedHtml } from "./paste";
import { bodyExtensions } from "./schema";

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");
const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

function open(content: string): Editor {
  const element = document.createElement("div");
  document.body.append(element);
  const editor = new Editor({ element, extensions: bodyExtensions(), content, editorProps: { transformPastedHTML: (h) => cleanPastedHtml(h, parse) } });
  editors.push(editor);
  return editor;
}
const saved = (editor: Editor) => sanitizeHtml(storedHtml(editor.getHTML(), parse));

/** Word (desktop) copies a table like this: classes, widths, styles, `<o:p>`, a paragraph per cell. */
const WORD_TABLE = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><body><!--StartFragment-->
<p class=MsoNormal>Les chiffres<o:p></o:p></p>
<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0 style='border-collapse:collapse;border:none;mso-yfti-tbllook:1184'>
 <tr style='mso-yfti-irow:0;mso-yfti-firstrow:yes'>
  <td width=302 valign=top style='width:226.55pt;border:solid windowtext 1.0pt'><p class=MsoNormal><b>Année<o:p></o:p></b></p></td>
  <td width=302 valign=top style='width:226.55pt'><p class=MsoNormal><b>Captures (t)<o:p></o:p></b></p></td>
 </tr>
 <tr style='mso-yfti-irow:1'>
  <td width=302 valign=top><p class=MsoNormal>2023<o:p></o:p></p></td>
  <td width=302 valign=top><p class=MsoNormal><span style='color:red'>412 000</span><o:p></o:p></p></td>
 </tr>
 <tr style='mso-yfti-irow:2;mso-yfti-lastrow:yes'>
  <td colspan=2 valign=top><p class=MsoNormal>Source : ANSD<o:p></o:p></p></td>
 </tr>
</table>
<p class=MsoNormal><o:p>&nbsp;</o:p></p><!--EndFragment--></body></html>`;

const GOOGLE_TABLE = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><div dir="ltr" style="margin-left:0pt;" align="left"><table style="border:none;border-collapse:collapse;"><colgroup><col width="200" /><col width="200" /></colgroup><tbody><tr style="height:0pt"><td style="border-left:solid #000000 1pt;vertical-align:top;padding:5pt"><p dir="ltr" style="line-height:1.2"><span style="font-size:11pt;font-weight:700">Région</span></p></td><td style="vertical-align:top"><p dir="ltr"><span style="font-size:11pt">Part</span></p></td></tr><tr style="height:0pt"><td><p dir="ltr"><span>Saint-Louis</span></p></td><td><p dir="ltr"><span style="font-style:italic">38 %</span></p></td></tr></tbody></table></div></b>`;

const LIBREOFFICE_TABLE = `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN"><html><head><meta name="generator" content="LibreOffice 7.4"/><style type="text/css">td p { orphans: 2 }</style></head><body lang="fr-FR" dir="ltr"><table width="100%" cellpadding="4" cellspacing="0"><col width="128*"/><col width="128*"/><tr valign="top"><td width="50%" style="border: 1px solid #000000; padding: 0.1cm"><p>Port</p></td><td width="50%"><p>Pirogues</p></td></tr><tr valign="top"><td width="50%"><p>Kayar</p></td><td width="50%"><p>1 200</p></td></tr></table><p><br/></p></body></html>`;

describe("tables", () => {
  it("keeps the rows and cells of a table pasted from Word, without its styles", () => {
    const editor = open("");
    editor.view.pasteHTML(WORD_TABLE);
    expect(saved(editor)).toBe(
      "<p>Les chiffres</p><table><tbody>" +
        "<tr><td><strong>Année</strong></td><td><strong>Captures (t)</strong></td></tr>" +
        "<tr><td>2023</td><td>412 000</td></tr>" +
        '<tr><td colspan="2">Source : ANSD</td></tr>' +
        "</tbody></table>",
    );
  });

  it("keeps the rows and cells of Google Docs' and LibreOffice's tables", () => {
    const google = open("");
    google.view.pasteHTML(GOOGLE_TABLE);
    expect(saved(google)).toBe("<table><tbody><tr><td><strong>Région</strong></td><td>Part</td></tr><tr><td>Saint-Louis</td><td><em>38 %</em></td></tr></tbody></table>");
    const libre = open("");
    libre.view.pasteHTML(LIBREOFFICE_TABLE);
    expect(saved(libre)).toBe("<table><tbody><tr><td>Port</td><td>Pirogues</td></tr><tr><td>Kayar</td><td>1 200</td></tr></tbody></table>");
  });

  it("inserts a table, adds and removes rows and columns, makes a header row and a caption, and saves it the same way twice", () => {
    const editor = open("<p>Avant.</p>");
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    const shape = () => {
      const doc = parse(saved(editor));
      return [...doc.querySelectorAll("tr")].map((tr) => [...tr.children].map((c) => c.tagName.toLowerCase()).join(" "));
    };
    editor.chain().insertTable({ rows: 2, cols: 2, withHeaderRow: true }).run();
    expect(shape()).toEqual(["th th", "td td"]);
    // The cursor is in the first header cell: a column after it, a row after it.
    editor.chain().addColumnAfter().addRowAfter().run();
    expect(shape()).toEqual(["th th th", "td td td", "td td td"]);
    // Removing the cursor's column and row (the header row) leaves two plain rows; the header row comes back.
    editor.chain().deleteColumn().run();
    editor.chain().deleteRow().run();
    expect(shape()).toEqual(["td td", "td td"]);
    editor.chain().toggleHeaderRow().run();
    expect(shape()).toEqual(["th th", "td td"]);
    for (const [i, text] of ["Pays", "Part", "Sénégal"].entries()) {
      if (i > 0) editor.commands.goToNextCell();
      editor.commands.insertContent(text);
    }
    editor.commands.updateAttributes("table", { caption: "Parts de marché" });
    const html = saved(editor);
    expect(html).toBe(
      '<p>Avant.</p><table><caption>Parts de marché</caption><thead><tr><th scope="col">Pays</th><th scope="col">Part</th></tr></thead>' +
        "<tbody><tr><td>Sénégal</td><td></td></tr></tbody></table>",
    );
    // Opened again (as the form reopens a saved article): the same table.
    expect(saved(open(html))).toBe(html);
  });

  it("puts each table of the public page in a labelled, focusable scroll box", () => {
    const page = renderBody(sanitizeHtml("<table><caption>Parts</caption><tbody><tr><td>a</td></tr></tbody></table><table><tbody><tr><td>b</td></tr></tbody></table>"));
    expect(page).toBe(
      '<div class="table-scroll" role="region" tabindex="0" aria-label="Tableau\u00a0: Parts"><table><caption>Parts</caption><tbody><tr><td>a</td></tr></tbody></table></div>' +
        '<div class="table-scroll" role="region" tabindex="0" aria-label="Tableau 2"><table><tbody><tr><td>b</td></tr></tbody></table></div>',
    );
  });

  it("strips everything but rows, cells, a caption, scope and spans from a hostile table", () => {
    const hostile =
      '<table onmouseover="x()" style="background:url(javascript:x)" class="evil" data-x="1"><caption onclick="x()">Légende<script>x()</script></caption>' +
      '<thead><tr onclick="x()"><th scope="javascript:x" colspan="2" rowspan="0" style="x" abbr="a">Titre</th></tr></thead>' +
      '<tbody><tr><td colspan="999999" rowspan="3" headers="h" background="javascript:x"><img src="x" onerror="x()">Cellule</td>' +
      '<td colspan="2&quot; onclick=&quot;x()">b</td></tr></tbody></table>';
    const clean = sanitizeHtml(hostile);
    expect(clean).toBe(
      '<table><caption>Légende</caption><thead><tr><th colspan="2">Titre</th></tr></thead><tbody><tr><td rowspan="3">Cellule</td><td>b</td></tr></tbody></table>',
    );
    expect(scanHtml(renderBody(clean), "hostile table")).toEqual([]);
  });
});

describe("footnotes", () => {
  it("numbers calls in document order in the editor's output, and again after a note moves", () => {
    const editor = open("<p>Un<sup class=\"footnote\" data-note=\"Première\">9</sup> deux<sup class=\"footnote\" data-note=\"Seconde\">9</sup>.</p><p>Fin.</p>");
    const first = saved(editor);
    expect(first).toBe('<p>Un<sup class="footnote" data-note="Première">1</sup> deux<sup class="footnote" data-note="Seconde">2</sup>.</p><p>Fin.</p>');
    // Move the first call (an inline atom) to the end of the last paragraph, as a drag would.
    let from = -1;
    editor.state.doc.descendants((n, pos) => {
      if (from < 0 && n.type.name === "footnote") from = pos;
    });
    const node = editor.state.doc.nodeAt(from)!;
    const end = editor.state.doc.content.size - 1;
    editor.view.dispatch(editor.state.tr.insert(end, node).delete(from, from + 1));
    const moved = saved(editor);
    expect(moved).toBe('<p>Un deux<sup class="footnote" data-note="Seconde">1</sup>.</p><p>Fin.<sup class="footnote" data-note="Première">2</sup></p>');
    expect(footnoteTexts(moved)).toEqual(["Seconde", "Première"]);
  });

  it("shows each call's number in the editor, counted again when calls are added, moved or removed, not at each key", () => {
    const editor = open('<p>Un<sup class="footnote" data-note="A">9</sup> deux<sup class="footnote" data-note="B">9</sup>.</p><p>Trois<sup class="footnote" data-note="C">9</sup>.</p>');
    const shown = () => [...editor.view.dom.querySelectorAll("sup.footnote")].map((s) => `${s.getAttribute("title")}${s.getAttribute("data-n")}`);
    expect(shown()).toEqual(["A1", "B2", "C3"]);
    // Typing only maps the numbers along.
    expect(touchesFootnotes(editor.state.tr.insertText("x", 2))).toBe(false);
    editor.commands.setTextSelection(1);
    editor.commands.insertContent("Avant ");
    expect(shown()).toEqual(["A1", "B2", "C3"]);
    expect(footnoteNumbersKey.getState(editor.state)!.find().length).toBe(3);
    // A new call before the others renumbers them all.
    editor.commands.setTextSelection(1);
    editor.commands.insertContent({ type: "footnote", attrs: { note: "Z" } });
    expect(shown()).toEqual(["Z1", "A2", "B3", "C4"]);
    // Removing one, and moving one past another.
    let at = -1;
    editor.state.doc.descendants((n, pos) => {
      if (n.type.name === "footnote" && n.attrs.note === "A") at = pos;
    });
    const removal = editor.state.tr.delete(at, at + 1);
    expect(touchesFootnotes(removal)).toBe(true);
    editor.view.dispatch(removal);
    expect(shown()).toEqual(["Z1", "B2", "C3"]);
    const positions: number[] = [];
    editor.state.doc.descendants((n, pos) => void (n.type.name === "footnote" && positions.push(pos)));
    const z = editor.state.doc.nodeAt(positions[0]!)!;
    editor.view.dispatch(editor.state.tr.insert(editor.state.doc.content.size - 1, z).delete(positions[0]!, positions[0]! + 1));
    expect(shown()).toEqual(["B1", "C2", "Z3"]);
    // Changing a note's text keeps the numbers.
    editor.view.dispatch(editor.state.tr.setNodeAttribute(positions[1]! - 1, "note", "B bis "));
    expect(shown()).toEqual(["B bis 1", "C2", "Z3"]);
  });

  it("inserts a note at the cursor", () => {
    const editor = open("<p>Le texte.</p>");
    editor.commands.setTextSelection(9);
    editor.commands.insertContent({ type: "footnote", attrs: { note: "Selon l'ANSD, 2024." } });
    expect(saved(editor)).toBe(`<p>Le texte<sup class="footnote" data-note="Selon l'ANSD, 2024.">1</sup>.</p>`);
  });

  it("renders numbered calls linked both ways with a « Notes » list, on the page and in feeds", () => {
    const clean = sanitizeHtml('<p>A<sup class="footnote" data-note="Note &lt;un&gt;">1</sup> B<sup class="footnote" data-note="Deux">2</sup></p>');
    const page = renderBody(clean);
    expect(page).toBe(
      '<p>A<sup class="footnote-ref"><a href="#note-1" id="appel-1" aria-label="Note 1" aria-describedby="notes-titre">1</a></sup>' +
        ' B<sup class="footnote-ref"><a href="#note-2" id="appel-2" aria-label="Note 2" aria-describedby="notes-titre">2</a></sup></p>' +
        '<section class="footnotes" aria-labelledby="notes-titre"><h2 id="notes-titre">Notes</h2><ol>' +
        '<li id="note-1">Note &lt;un&gt; <a href="#appel-1" class="footnote-back" aria-label="Retour au texte (appel de la note 1)"><span aria-hidden="true">↩\u00a0</span>Retour au texte</a></li>' +
        '<li id="note-2">Deux <a href="#appel-2" class="footnote-back" aria-label="Retour au texte (appel de la note 2)"><span aria-hidden="true">↩\u00a0</span>Retour au texte</a></li></ol></section>',
    );
    const feed = renderFootnotes(clean, { base: "https://institut.sn/article/a" });
    expect(feed).toContain('<a href="https://institut.sn/article/a#note-1" id="appel-1">1</a>');
    expect(feed).not.toContain("aria-label=");
  });

  it("strips a hostile footnote to its plain text", () => {
    const hostile =
      '<p>x<sup class="footnote evil" data-note="&quot; onmouseover=&quot;x()" onclick="x()" style="x">1</sup>' +
      '<sup class="footnote" data-note="<img src=x onerror=x()><script>x()</script>">2</sup>' +
      '<sup class="footnote" data-x="1" data-note="">3</sup></p>';
    const clean = sanitizeHtml(hostile);
    expect(clean).not.toMatch(/onclick|style=|evil|data-x/);
    const page = renderBody(clean);
    expect(scanHtml(page, "hostile note")).toEqual([]);
    expect(page).toContain('<li id="note-1">&quot; onmouseover=&quot;x() ');
    expect(page).toContain('<li id="note-2">&lt;img src=x onerror=x()&gt;&lt;script&gt;x()&lt;/script&gt; ');
    // The empty note's call is gone: it would point at nothing.
    expect(page).not.toContain("note-3");
    // The editor does not take the empty note either.
    expect(saved(open(clean))).not.toContain('data-note=""');
  });
});

/** Word (desktop) copies footnotes as links to a list of notes after the text, inside conditional comments. */
const WORD_FOOTNOTES = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><body lang=FR><!--StartFragment-->
<p class=MsoNormal>Le littoral recule de deux mètres par an<a style='mso-footnote-id:ftn1' href="#_ftn1" name="_ftnref1" title=""><span class=MsoFootnoteReference><![if !supportFootnotes]><span class=MsoFootnoteReference><span style='font-size:11.0pt;line-height:107%'>[1]</span></span><![endif]></span></a> à Saint-Louis.<o:p></o:p></p>
<p class=MsoNormal>Les pêcheurs déplacent leurs pirogues<a style='mso-footnote-id:ftn2' href="#_ftn2" name="_ftnref2" title=""><span class=MsoFootnoteReference><![if !supportFootnotes]><span class=MsoFootnoteReference>[2]</span><![endif]></span></a>, voir <a href="https://www.ansd.sn/">l'ANSD</a>.<o:p></o:p></p>
<!--EndFragment-->
<div style='mso-element:footnote-list'><![if !supportFootnotes]><br clear=all><hr align=left size=1 width="33%"><![endif]>
<div style='mso-element:footnote' id=ftn1>
<p class=MsoFootnoteText><a style='mso-footnote-id:ftn1' href="#_ftnref1" name="_ftn1" title=""><span class=MsoFootnoteReference><![if !supportFootnotes]><span class=MsoFootnoteReference><span style='font-size:10.0pt'>[1]</span></span><![endif]></span></a> Centre de suivi écologique, <i>Rapport sur le
littoral</i>, 2023.<o:p></o:p></p>
</div>
<div style='mso-element:footnote' id=ftn2>
<p class=MsoFootnoteText><a style='mso-footnote-id:ftn2' href="#_ftnref2" name="_ftn2" title=""><span class=MsoFootnoteReference><![if !supportFootnotes]><span class=MsoFootnoteReference>[2]</span><![endif]></span></a> ANSD, enquête pêche &amp; emploi, 2024.<o:p></o:p></p>
</div>
</div>
</body></html>`;

const LIBREOFFICE_FOOTNOTES = `<html><body><p>Texte<a class="sdfootnoteanc" name="sdfootnote1anc" href="#sdfootnote1sym"><sup>1</sup></a> suite.</p>
<div id="sdfootnote1"><p class="sdfootnote"><a class="sdfootnotesym" name="sdfootnote1sym" href="#sdfootnote1anc">1</a>Note de LibreOffice.</p></div></body></html>`;

const GOOGLE_FOOTNOTES = `<meta charset="utf-8"><p><span>Texte</span><sup><a href="#ftnt1" id="ftnt_ref1">[1]</a></sup><span> et </span><a href="#partie-2">la suite</a>.</p><h2 id="partie-2">Partie 2</h2><hr><div><p><a href="#ftnt_ref1" id="ftnt1">[1]</a><span>&nbsp;Note de Google Docs.</span></p></div>`;

describe("footnotes pasted from word processors", () => {
  it("turns Word's footnotes into the editor's notes, numbered, and leaves no list of notes behind", () => {
    const editor = open("");
    editor.view.pasteHTML(WORD_FOOTNOTES);
    expect(saved(editor)).toBe(
      '<p>Le littoral recule de deux mètres par an<sup class="footnote" data-note="Centre de suivi écologique, Rapport sur le littoral, 2023.">1</sup> à Saint-Louis.</p>' +
        '<p>Les pêcheurs déplacent leurs pirogues<sup class="footnote" data-note="ANSD, enquête pêche &amp; emploi, 2024.">2</sup>, voir <a href="https://www.ansd.sn/" rel="noopener noreferrer nofollow" target="_blank">l\'ANSD</a>.</p>',
    );
    expect(footnoteTexts(saved(editor))).toEqual(["Centre de suivi écologique, Rapport sur le littoral, 2023.", "ANSD, enquête pêche & emploi, 2024."]);
  });

  it("does the same for LibreOffice and Google Docs, and keeps a link to a heading a link", () => {
    const libre = open("");
    libre.view.pasteHTML(LIBREOFFICE_FOOTNOTES);
    expect(saved(libre)).toBe('<p>Texte<sup class="footnote" data-note="Note de LibreOffice.">1</sup> suite.</p>');
    const cleaned = cleanPastedHtml(GOOGLE_FOOTNOTES, parse);
    expect(cleaned).toContain('<sup class="footnote" data-note="Note de Google Docs.">1</sup>');
    expect(cleaned).toContain('<a href="#partie-2">la suite</a>');
    expect(cleaned).not.toContain("[1]");
    expect(cleaned).not.toContain("ftnt");
  });
});

describe("the block holding the cursor", () => {
  it("is marked in the view only, follows the cursor, and is the new block at once after Enter", () => {
    const editor = open("<p>Un.</p><table><tbody><tr><td><p>Cellule</p></td></tr></tbody></table><p>Trois.</p>");
    const marked = () => [...editor.view.dom.querySelectorAll("[data-current-block]")].map((el) => `${el.tagName}:${el.textContent}`);
    editor.commands.setTextSelection(2);
    expect(marked()).toEqual(["P:Un."]);
    // Inside a cell: the whole table is the top-level block.
    let cell = -1;
    editor.state.doc.descendants((n, pos) => void (n.type.name === "tableCell" && (cell = pos)));
    editor.commands.setTextSelection(cell + 3);
    expect(marked()).toEqual(["TABLE:Cellule"]);
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    editor.commands.splitBlock();
    expect(marked()).toEqual(["P:"]);
    editor.commands.insertContent("Quatre");
    expect(marked()).toEqual(["P:Quatre"]);
    expect(editor.getHTML()).not.toContain("data-current-block");
  });
});

describe("callouts and file cards", () => {
  it("keeps a callout and a library file card through save, a second opening and the public page", () => {
    const html =
      '<div class="callout"><h3>À retenir</h3><p>Trois chiffres.</p><ul><li>Un</li></ul></div>' +
      '<figure class="file"><a href="/uploads/media/abc.pdf">Rapport 2025</a><figcaption>PDF, 1,2 Mo</figcaption></figure>';
    const stored = saved(open(html));
    expect(stored).toBe(sanitizeHtml(html));
    expect(saved(open(stored))).toBe(stored);
    expect(renderBody(stored)).toBe(stored);
  });

  it("refuses a file card pointing outside the media library", () => {
    const stored = saved(open('<figure class="file"><a href="https://evil.example/x.pdf">Piège</a></figure><p>Fin.</p>'));
    expect(stored).not.toContain('class="file"');
  });
});

describe("a selected picture", () => {
  it("is not replaced by typing: the text goes into the paragraph after it, made when there is none", () => {
    const editor = open('<p>Avant.</p><img src="/uploads/body_pics/a.jpg" alt="Une pirogue">');
    let at = -1;
    editor.state.doc.descendants((n, pos) => {
      if (n.type.name === "image") at = pos;
    });
    editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, at)));
    expect(selectedObject(editor)).toBe("image");
    // BodyEditor's handleTextInput calls this for every key typed on a node selection.
    expect(typeAfterObject(editor, "Suite")).toBe(true);
    expect(saved(editor)).toBe('<p>Avant.</p><img src="/uploads/body_pics/a.jpg" alt="Une pirogue" /><p>Suite</p>');
    // Nothing selected: nothing moves.
    expect(typeAfterObject(editor, "x")).toBe(false);
  });
});

describe("a callout", () => {
  it("is left by Enter on its empty last paragraph", () => {
    const editor = open('<div class="callout"><p>À retenir.</p></div>');
    editor.commands.setTextSelection(editor.state.doc.content.size - 2);
    editor.commands.keyboardShortcut("Enter");
    editor.commands.keyboardShortcut("Enter");
    editor.commands.insertContent("Dehors.");
    expect(saved(editor)).toBe('<div class="callout"><p>À retenir.</p></div><p>Dehors.</p>');
  });
});
