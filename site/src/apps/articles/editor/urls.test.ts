import { describe, expect, it } from "vitest";
import { checkLinkUrl, embedTarget, LINK_ERROR } from "./urls";

describe("addresses in the editor", () => {
  it("accepts http, https, mailto and the site's own pages; www. gets https", () => {
    expect(checkLinkUrl("https://www.fao.org/fr")).toEqual({ ok: true, href: "https://www.fao.org/fr" });
    expect(checkLinkUrl("  www.ansd.sn ")).toEqual({ ok: true, href: "https://www.ansd.sn/" });
    expect(checkLinkUrl("mailto:contact@institut.sn")).toEqual({ ok: true, href: "mailto:contact@institut.sn" });
    expect(checkLinkUrl("/media/rapport-2025")).toEqual({ ok: true, href: "/media/rapport-2025" });
  });

  it("refuses script, data and other schemes, protocol-relative addresses and bare words with a French message", () => {
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "ftp://x.fr/a", "//evil.example/x", "bonjour", "https://localhost"]) {
      expect(checkLinkUrl(bad), bad).toEqual({ ok: false, error: LINK_ERROR });
    }
    expect(checkLinkUrl("")).toEqual({ ok: false, error: "Indiquez l'adresse du lien." });
    expect(checkLinkUrl("mailto:personne")).toEqual({ ok: false, error: "Adresse e-mail invalide." });
  });

  it("embeds YouTube, Vimeo and SoundCloud only", () => {
    expect(embedTarget("https://youtu.be/dQw4w9WgXcQ")?.provider).toBe("YouTube");
    expect(embedTarget("https://vimeo.com/76979871")?.provider).toBe("Vimeo");
    expect(embedTarget("https://soundcloud.com/a/b")?.provider).toBe("SoundCloud");
    expect(embedTarget("https://www.facebook.com/x/videos/1")).toBe(null);
    expect(embedTarget("https://example.org/v.mp4")).toBe(null);
  });
});
