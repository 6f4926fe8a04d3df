// @vitest-environment happy-dom
/**
 * The editor path of an article body, with the real editor (Tiptap over ProseMirror, in happy-dom's DOM): a body
 * opens in the editor, is handed over as stored HTML (output.ts), cleaned by the server's allow-list
 * (shared/html.ts) and rendered by the public page (lib/body-html.ts). Nothing may be lost on the way, and nothing
 * executable may get through, whether it was stored by an older version or pasted.
 */
import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { scanHtml } from "../../../../../api/testing/xss-scan";
import { MARKUP } from "../../../../../api/testing/xss-corpus";
import { buildDemo } from "../../../../../db/seed/build";
import { sanitizeHtml } from "../../../../../shared/html";
import { renderBody } from "../../../lib/body-html";
import { bodyHtmlOf } from "../article-form";
import { insertBlock } from "./insert-block";
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

/** What the form sends, then what the server stores. */
const saved = (editor: Editor) => sanitizeHtml(storedHtml(editor.getHTML(), parse));

/** Markup compared without attribute order or whitespace between blocks (both are the serializer's choice). */
function canonical(html: string): string {
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      out.push((node.textContent ?? "").replace(/\s+/g, " "));
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const attrs = [...el.attributes].map((a) => `${a.name}="${a.value}"`).sort().join(" ");
    out.push(`<${el.tagName.toLowerCase()}${attrs ? " " + attrs : ""}>`);
    el.childNodes.forEach(walk);
    out.push(`</${el.tagName.toLowerCase()}>`);
  };
  parse(html).body.childNodes.forEach(walk);
  return out.join("").replace(/>\s+</g, "><").trim();
}

const EVERY_FEATURE =
  "<h2>Une côte qui recule</h2><h3>Les faits</h3>" +
  '<p>Du <strong>gras</strong>, de l\'<em>italique</em>, un <a href="https://www.unesco.org/fr">lien</a>, un <a href="mailto:contact@institut.sn">courriel</a> et un <a href="/media/rapport-2025">média</a>.</p>' +
  "<ul><li>Premier point</li><li>Second point</li></ul><ol><li>Un</li><li>Deux</li></ol>" +
  "<blockquote><p>« Ndank ndank mooy japp golo ci naay. »</p></blockquote>" +
  '<img src="/uploads/body_pics/0123456789abcdef01234567.jpg" alt="La dune de Lompoul au matin" width="1600" height="900">' +
  '<figure class="embed"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Entretien avec la directrice</a></figure>' +
  '<figure class="embed"><a href="https://soundcloud.com/institut/podcast-1">Le podcast</a></figure>' +
  "<p>Fin.</p>";

describe("the editor path of an article body", () => {
  it("keeps every editor feature through save, the server's allow-list and a second opening", () => {
    const stored = saved(open(EVERY_FEATURE));
    expect(canonical(stored)).toBe(canonical(sanitizeHtml(EVERY_FEATURE)));
    // Opened again and saved again: the same body (the round trip is stable).
    expect(saved(open(stored))).toBe(stored);
  });

  it("renders players as click-to-load facades and pictures with their variants on the public page", () => {
    const page = renderBody(saved(open(EVERY_FEATURE)));
    expect(page).toContain('data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&amp;rel=0"');
    expect(page).toContain("Lire la vidéo : Entretien avec la directrice");
    expect(page).toContain("Écouter : Le podcast");
    expect(page).not.toMatch(/<iframe|<figure class="embed"/);
    expect(page).toContain('<source type="image/avif" srcset="/uploads/body_pics/0123456789abcdef01234567-640.avif 640w, /uploads/body_pics/0123456789abcdef01234567-1280.avif 1280w"');
    expect(page).toContain('alt="La dune de Lompoul au matin"');
  });

  it("turns Markdown-style shortcuts into the same formatting as the toolbar", () => {
    const editor = open("");
    const type = (text: string) => {
      for (const ch of text) {
        const { from, to } = editor.state.selection;
        // What a key press does: the input rules see the text typed, as in the browser.
        const handled = editor.view.someProp("handleTextInput", (f) => f(editor.view, from, to, ch, () => editor.state.tr.insertText(ch, from, to)));
        if (!handled) editor.view.dispatch(editor.state.tr.insertText(ch, from, to));
      }
    };
    const enter = () => editor.commands.keyboardShortcut("Enter");
    type("## Titre");
    enter();
    type("### Sous-titre");
    enter();
    type("Du **gras** et un *italique* ");
    enter();
    type("- un");
    enter();
    enter();
    type("1. deux");
    enter();
    enter();
    type("> cité");
    expect(storedHtml(editor.getHTML(), parse)).toBe(
      "<h2>Titre</h2><h3>Sous-titre</h3><p>Du <strong>gras</strong> et un <em>italique</em> </p><ul><li>un</li></ul><ol><li>deux</li></ol><blockquote><p>cité</p></blockquote>",
    );
  });

  it("puts the cursor after an inserted player or picture, so what comes next does not replace it", () => {
    const editor = open("<p>Avant.</p><p></p>");
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    insertBlock(editor, { type: "embed", attrs: { href: "https://youtu.be/dQw4w9WgXcQ", title: "Vidéo" } });
    insertBlock(editor, { type: "image", attrs: { src: "/uploads/body_pics/a.jpg", alt: "Une pirogue" } });
    editor.commands.insertContent("Après.");
    expect(storedHtml(editor.getHTML(), parse)).toBe(
      '<p>Avant.</p><figure class="embed"><a href="https://youtu.be/dQw4w9WgXcQ">Vidéo</a></figure><img src="/uploads/body_pics/a.jpg" alt="Une pirogue"><p>Après.</p>',
    );
  });

  it("keeps a picture of the media library (its own file, with or without dimensions) through save and the public page", () => {
    const editor = open("<p>Avant.</p><p></p>");
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    insertBlock(editor, { type: "image", attrs: { src: "/uploads/media/abc.jpg", alt: "Le port de Saint-Louis", width: 2000, height: 1000 } });
    insertBlock(editor, { type: "image", attrs: { src: "/uploads/media/def.png", alt: "Une carte", width: null, height: null } });
    const html = saved(editor);
    expect(html).toContain('<img src="/uploads/media/abc.jpg" alt="Le port de Saint-Louis" width="2000" height="1000" />');
    expect(html).toContain('<img src="/uploads/media/def.png" alt="Une carte" />');
    const page = renderBody(html);
    expect(page).toContain('srcset="/uploads/media/abc-640.avif 640w, /uploads/media/abc-1200.avif 1200w"');
    expect(page).toContain('<img src="/uploads/media/def.png" alt="Une carte" loading="lazy" decoding="async" /></picture>');
  });

  it("opens every demo article without losing its text or its formatting", () => {
    const demo = buildDemo(new Date("2026-01-01T00:00:00Z"), "/nonexistent", {});
    expect(demo.articles.length).toBeGreaterThan(10);
    for (const a of demo.articles) {
      const article = { txt_content: a.txtContent ?? "", html_content: a.htmlContent ?? "" };
      const stored = saved(open(bodyHtmlOf(article)));
      const expected = article.html_content ? sanitizeHtml(bodyHtmlOf(article)) : sanitizeHtml(bodyHtmlOf(article));
      expect(canonical(stored), a.title).toBe(canonical(expected));
    }
  });

  it("opens a plain-text article as paragraphs and line breaks", () => {
    const stored = saved(open(bodyHtmlOf({ txt_content: "Un premier paragraphe\nsur deux lignes.\n\nUn second.", html_content: "" })));
    expect(stored).toBe("<p>Un premier paragraphe<br />sur deux lignes.</p><p>Un second.</p>");
  });

  it("lets nothing executable through, whether an older row held it or it was pasted", () => {
    for (const p of MARKUP) {
      const opened = open(p.text);
      // Even before the server's cleaning, the editor's schema has dropped it.
      expect(scanHtml(storedHtml(opened.getHTML(), parse), `opened ${p.name}`)).toEqual([]);
      expect(scanHtml(saved(opened), `opened ${p.name}`)).toEqual([]);
      const pasted = open("<p>Avant.</p>");
      pasted.view.pasteHTML(p.text);
      expect(scanHtml(saved(pasted), `pasted ${p.name}`)).toEqual([]);
      expect(scanHtml(renderBody(saved(pasted)), `rendered ${p.name}`)).toEqual([]);
    }
  });
});

/** Clipboard payloads as word processors and browsers write them (shortened, structure kept). */
const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word">
<head><meta name=Generator content="Microsoft Word 15"><style><!-- p.MsoNormal {margin:0cm; font-family:"Calibri",sans-serif;} --></style></head>
<body lang=FR style='tab-interval:35.4pt'><!--StartFragment-->
<h1 style='mso-style-name:"Titre 1"'><span style='font-family:"Calibri Light"'>Rapport sur la pêche<o:p></o:p></span></h1>
<p class=MsoNormal style='margin-bottom:8pt'><span style='font-size:12pt;color:#1F3864'>Un texte <b>important</b> et <i>nuancé</i>, voir <a href="https://www.fao.org/home/fr" class=MsoHyperlink style='color:#0563C1'>la FAO</a>.<o:p></o:p></span></p>
<h2><span lang=FR>Constats</span></h2>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;</span></span><![endif]>Stocks en baisse<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-list:Ignore'>·<span>&nbsp;&nbsp;</span></span><![endif]>Pirogues plus nombreuses<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-list:Ignore'>1.<span>&nbsp;</span></span><![endif]>Réduire l'effort<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-list:Ignore'>2.<span>&nbsp;</span></span><![endif]>Surveiller<o:p></o:p></p>
<p class=MsoQuote><i>« La mer ne ment pas. »</i></p>
<img width=1 height=1 src="https://tracker.example/pixel.gif">
<script>xss(1)</script>
<!--EndFragment--></body></html>`;

const GOOGLE_DOCS = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5d2f1c3e-7fff-1a2b"><h1 dir="ltr" style="line-height:1.38;margin-top:20pt"><span style="font-size:20pt;font-family:Arial,sans-serif;color:#000000;font-weight:400">Synthèse</span></h1><p dir="ltr" style="line-height:1.38"><span style="font-size:11pt;font-family:Arial;font-weight:700">Gras</span><span style="font-size:11pt;font-family:Arial;font-weight:400"> puis </span><span style="font-size:11pt;font-family:Arial;font-style:italic">italique</span><span style="font-weight:400"> et </span><a href="https://www.ansd.sn/" style="text-decoration:none"><span style="color:#1155cc;text-decoration:underline">l'ANSD</span></a></p><ul style="margin-top:0"><li dir="ltr" style="list-style-type:disc"><p dir="ltr" role="presentation"><span style="font-size:11pt">Un</span></p></li><li dir="ltr"><p dir="ltr" role="presentation"><span>Deux</span></p></li></ul><h2 dir="ltr"><span style="font-size:16pt">Suite</span></h2></b>`;

const WEB_PAGE = `<div class="article" style="font-family:Georgia"><h2 class="title" id="t">Titre de la page</h2><p class="lead">Du texte avec <span class="hl" style="background:yellow">surlignage</span>, un <a href="https://example.org/a?utm_source=x" onclick="track()" class="lnk">lien</a> et un <a href="javascript:xss(2)">piège</a>.</p><img src="https://example.org/pixel.png" width="1" height="1" alt=""><iframe src="https://ads.example/"></iframe><p><font face="Comic Sans MS" color="red">Police</font></p></div>`;

describe("pasting from a word processor or a web page", () => {
  it("keeps Word's headings, emphasis, links and lists (ordered or not) and drops its styles, tags and pixels", () => {
    const cleaned = cleanPastedHtml(WORD, parse);
    expect(cleaned).not.toMatch(/style=|class=|<o:p|<span|<script|<img|mso|<!--|·/);
    const editor = open("");
    editor.view.pasteHTML(WORD);
    expect(saved(editor)).toBe(
      "<h2>Rapport sur la pêche</h2>" +
        '<p>Un texte <strong>important</strong> et <em>nuancé</em>, voir <a href="https://www.fao.org/home/fr" rel="noopener noreferrer nofollow" target="_blank">la FAO</a>.</p>' +
        "<h3>Constats</h3><ul><li>Stocks en baisse</li><li>Pirogues plus nombreuses</li></ul><ol><li>Réduire l'effort</li><li>Surveiller</li></ol>" +
        "<p><em>« La mer ne ment pas. »</em></p>",
    );
  });

  it("reads Google Docs' bold and italic styles, drops its wrapper, and keeps its lists and links", () => {
    const editor = open("");
    editor.view.pasteHTML(GOOGLE_DOCS);
    expect(saved(editor)).toBe(
      "<h2>Synthèse</h2>" +
        '<p><strong>Gras</strong> puis <em>italique</em> et <a href="https://www.ansd.sn/" rel="noopener noreferrer nofollow" target="_blank">l\'ANSD</a></p>' +
        "<ul><li>Un</li><li>Deux</li></ul><h3>Suite</h3>",
    );
  });

  it("keeps a web page's structure and links without its classes, handlers, script links, pictures or frames", () => {
    const editor = open("");
    editor.view.pasteHTML(WEB_PAGE);
    expect(saved(editor)).toBe(
      "<h2>Titre de la page</h2>" +
        '<p>Du texte avec surlignage, un <a href="https://example.org/a?utm_source=x" rel="noopener noreferrer nofollow" target="_blank">lien</a> et un piège.</p>' +
        "<p>Police</p>",
    );
  });
});
