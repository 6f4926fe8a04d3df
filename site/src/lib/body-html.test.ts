import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "../../../shared/html";
import { hasEmbed, renderBody } from "./body-html";

describe("an article body on the public page", () => {
  it("turns a Vimeo embed into the same facade as the media pages, with its title escaped", () => {
    const html = sanitizeHtml('<figure class="embed"><a href="https://vimeo.com/76979871">Débat &lt;public&gt; &amp; « ouvert »</a></figure>');
    expect(hasEmbed(html)).toBe(true);
    const page = renderBody(html);
    expect(page).toContain('<button type="button" class="facade" data-embed-src="https://player.vimeo.com/video/76979871?autoplay=1" data-embed-title="Débat &lt;public&gt; &amp; « ouvert » (Vimeo)">');
    expect(page).toContain("Le lecteur Vimeo ne sera chargé depuis player.vimeo.com qu'après votre clic.");
    expect(page).toContain('<a href="https://vimeo.com/76979871" rel="noopener noreferrer" target="_blank">Ouvrir sur Vimeo');
  });

  it("leaves an embed figure of any other address as the plain link it is", () => {
    const html = sanitizeHtml('<figure class="embed"><a href="https://example.org/video">Vidéo</a></figure>');
    expect(renderBody(html)).toBe(html);
  });

  it("gives uploaded body pictures their AVIF and WebP variants and leaves other pictures alone", () => {
    const html = sanitizeHtml('<img src="/uploads/body_pics/abc.jpg" alt="Une pirogue" width="1600" height="900"><img src="https://example.org/a.jpg" alt="b">');
    const page = renderBody(html);
    expect(page).toContain('<picture><source type="image/avif" srcset="/uploads/body_pics/abc-640.avif 640w, /uploads/body_pics/abc-1280.avif 1280w"');
    expect(page).toContain('<img src="/uploads/body_pics/abc.jpg" alt="Une pirogue" width="1600" height="900" loading="lazy" decoding="async" /></picture>');
    expect(page).toContain('<img src="https://example.org/a.jpg" alt="b" />');
  });

  it("gives a picture of the media library the media area's variants", () => {
    const page = renderBody(sanitizeHtml('<img src="/uploads/media/abc.jpg" alt="Le port">'));
    expect(page).toContain('<source type="image/webp" srcset="/uploads/media/abc-640.webp 640w, /uploads/media/abc-1200.webp 1200w"');
    expect(page).toContain('<img src="/uploads/media/abc.jpg" alt="Le port" loading="lazy" decoding="async" /></picture>');
  });
});
