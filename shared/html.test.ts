import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeHtml } from "./html";

describe("the HTML allow-list", () => {
  it("keeps the formatting an article needs", () => {
    const html = "<h2>Titre</h2><p>Un <strong>texte</strong> et une <em>citation</em> :</p><blockquote>« Ndank ndank »</blockquote><ul><li>un</li></ul>";
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("removes scripts, event handlers, styles and iframes", () => {
    const out = sanitizeHtml('<p onclick="alert(1)" style="color:red">a</p><script>alert(1)</script><iframe src="https://x"></iframe><img src=x onerror=alert(1)>');
    expect(out).toBe("<p>a</p>");
  });

  it("drops script URLs and foreign elements whatever their disguise", () => {
    const dirty = `<p onclick="alert(1)">a</p><script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">b</a><svg><script>alert(5)</script></svg><iframe src="https://evil.example"></iframe>`;
    const clean = sanitizeHtml(dirty);
    expect(clean).not.toMatch(/<script|onclick|onerror|javascript:|<svg|<iframe/i);
    expect(clean).toContain("<p>a</p>");
  });

  it("refuses javascript: and data: links, and opens outside links safely", () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a rel=\"noopener noreferrer nofollow\">x</a>");
    expect(sanitizeHtml('<a href="data:text/html,hi">x</a>')).not.toContain("data:");
    expect(sanitizeHtml('<a href="https://www.unesco.org/fr">U</a>')).toBe(
      '<a href="https://www.unesco.org/fr" rel="noopener noreferrer nofollow" target="_blank">U</a>',
    );
  });

  it("keeps links to the site's own pages in the same tab", () => {
    expect(sanitizeHtml('<a href="/media/rapport-2025">R</a>')).toBe('<a href="/media/rapport-2025" rel="noopener noreferrer nofollow">R</a>');
    expect(sanitizeHtml('<a href="//evil.example/x">R</a>')).toBe('<a rel="noopener noreferrer nofollow">R</a>');
  });

  it("keeps pictures from https or our uploads only", () => {
    expect(sanitizeHtml('<img src="/uploads/media/a.jpg" alt="a">')).toBe('<img src="/uploads/media/a.jpg" alt="a" />');
    expect(sanitizeHtml('<img src="http://insecure.example/a.jpg">')).toBe("");
  });

  it("keeps the embed figure and no other class", () => {
    const embed = '<figure class="embed"><a href="https://youtu.be/dQw4w9WgXcQ" rel="noopener noreferrer nofollow" target="_blank">Vidéo</a></figure>';
    expect(sanitizeHtml(embed)).toBe(embed);
    expect(sanitizeHtml('<figure class="embed evil"><p class="x">a</p></figure>')).toBe('<figure class="embed"><p>a</p></figure>');
  });
});

describe("htmlToText", () => {
  it("keeps paragraphs apart and decodes the entities the cleaner writes", () => {
    expect(htmlToText("<p>Un &amp; deux</p><p>trois&nbsp;&lt;quatre&gt;<br>cinq</p>")).toBe("Un & deux\n\ntrois <quatre>\ncinq");
  });
});
