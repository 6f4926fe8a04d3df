import { describe, expect, it } from "vitest";
import { frenchTypography, NBSP, NNBSP, typesetHtml } from "./typography";
import { typographyFaults } from "./typography-check";

const show = (s: string) => s.replaceAll(NBSP, "⍽").replaceAll(NNBSP, "·");

describe("French typography of plain text", () => {
  it("puts a narrow no-break space before ; ! and ?", () => {
    expect(show(frenchTypography("Qui Sommes Nous ?"))).toBe("Qui Sommes Nous·?");
    expect(show(frenchTypography("Merci !"))).toBe("Merci·!");
    expect(show(frenchTypography("d'abord ; ensuite"))).toBe("d’abord·; ensuite");
  });

  it("adds the space when the mark is glued to the word", () => {
    expect(show(frenchTypography("Vraiment?! Oui; non!"))).toBe("Vraiment·?! Oui·; non·!");
  });

  it("puts a no-break space before a colon, and inside guillemets", () => {
    expect(show(frenchTypography("Durée : 0:06"))).toBe("Durée⍽: 0:06");
    expect(show(frenchTypography("Lieu: Dakar"))).toBe("Lieu⍽: Dakar");
    expect(show(frenchTypography("« Penser ensemble »"))).toBe("«⍽Penser ensemble⍽»");
    expect(show(frenchTypography("«Penser»"))).toBe("«⍽Penser⍽»");
  });

  it("turns a line break or several spaces before a mark into one no-break space", () => {
    expect(show(frenchTypography("Budgets participatifs\n   : ce que"))).toBe("Budgets participatifs⍽: ce que");
  });

  it("curls apostrophes: elisions close, a quotation opens after a space", () => {
    expect(frenchTypography("L'Institut, aujourd'hui")).toBe("L’Institut, aujourd’hui");
    expect(frenchTypography("le bouton 'Ouvrir le lien'")).toBe("le bouton ‘Ouvrir le lien’");
  });

  it("leaves clock times, ratios and numbers alone", () => {
    expect(frenchTypography("de 18:30 à 20:00, 1:2")).toBe("de 18:30 à 20:00, 1:2");
  });

  it("never touches a URL or an e-mail address inside the text", () => {
    expect(show(frenchTypography("Voir https://exemple.sn/a?b=c'd ou www.exemple.sn !"))).toBe(
      "Voir https://exemple.sn/a?b=c'd ou www.exemple.sn·!",
    );
    expect(show(frenchTypography("Écrire à contact@institut.sn : merci"))).toBe("Écrire à contact@institut.sn⍽: merci");
  });

  it("uses the character before an inline tag, so a mark glued to it still gets its space", () => {
    expect(show(frenchTypography(": Dakar", "u"))).toBe("⍽: Dakar");
    expect(show(frenchTypography(": Dakar", ""))).toBe(": Dakar");
  });

  it("changes nothing in text that has nothing to change", () => {
    expect(frenchTypography("Penser ensemble, agir depuis Gorée.")).toBe("Penser ensemble, agir depuis Gorée.");
  });
});

describe("French typography of a built page", () => {
  const page = [
    `<!doctype html><html lang="fr"><head><title>Qui Sommes Nous ? — L'Institut</title>`,
    `<meta name="description" content="L'Institut : think-tank">`,
    `<script type="application/ld+json">{"name":"L'Institut : x ?"}</script>`,
    `<style>a::before{content:" : "}</style></head><body>`,
    `<a href="/recherche?q=l'eau" title="Qu'est-ce ?">L&#39;eau ?</a>`,
    `<p>Lieu<strong>Dakar</strong>: salle 2 &amp; 3 ; entrée libre&hellip; <code>a ? b : c</code> « fin »</p>`,
    `<pre>x ; y</pre><astro-island props="{}"><button>Mois ?</button></astro-island>`,
    `<p data-no-typo>garder ' tel quel ?</p><p>https://exemple.sn/?q=1 ! et 18:30</p>`,
    `</body></html>`,
  ].join("");
  const out = typesetHtml(page);

  it("typesets visible text, including the page title", () => {
    expect(out).toContain(`<title>Qui Sommes Nous${NNBSP}? — L’Institut</title>`);
    expect(out).toContain(`>L’eau${NNBSP}?</a>`);
    expect(out).toContain(`${NBSP}: salle 2 &amp; 3${NNBSP}; entrée libre&hellip; <code>`);
    expect(out).toContain(`«${NBSP}fin${NBSP}»`);
    expect(out).toContain(`<p>https://exemple.sn/?q=1${NNBSP}! et 18:30</p>`);
  });

  it("leaves attribute values, scripts, styles, code, islands and opted-out elements byte for byte", () => {
    for (const kept of [
      `content="L'Institut : think-tank"`,
      `{"name":"L'Institut : x ?"}`,
      `content:" : "`,
      `href="/recherche?q=l'eau" title="Qu'est-ce ?"`,
      `<code>a ? b : c</code>`,
      `<pre>x ; y</pre>`,
      `<button>Mois ?</button>`,
      `<p data-no-typo>garder ' tel quel ?</p>`,
    ]) {
      expect(out).toContain(kept);
    }
  });

  it("returns a page without visible text to change unchanged", () => {
    const plain = `<p class="a:b">Bonjour</p><script>if (a ? b : c) {}</script>`;
    expect(typesetHtml(plain)).toBe(plain);
  });

  it("reads tags as HTML does: a > inside a quoted value, upper-case names, comments, nested skipped elements", () => {
    const cases: [string, string][] = [
      [`<p title="a > b ; c">Oui ?</p>`, `<p title="a > b ; c">Oui·?</p>`],
      [`<PRE>x ; y</PRE><p>z ?</p><SCRIPT>if (a ? b : c) {}</SCRIPT><p>w !</p>`, `<PRE>x ; y</PRE><p>z·?</p><SCRIPT>if (a ? b : c) {}</SCRIPT><p>w·!</p>`],
      [`<!-- <p>caché ?</p> --><p>vu ?</p>`, `<!-- <p>caché ?</p> --><p>vu·?</p>`],
      [`<p>a < b ; c</p>`, `<p>a &lt; b·; c</p>`],
      [`<p>a<br/>b ?</p><span/>c ?`, `<p>a<br/>b·?</p><span/>c·?`],
      [`<div data-no-typo><div>dedans ?</div>encore ?</div>après ?`, `<div data-no-typo><div>dedans ?</div>encore ?</div>après·?`],
      [`<pre><pre>a ?</pre>b ?</pre>c ?`, `<pre><pre>a ?</pre>b ?</pre>c·?`],
      [`<p class='x"y'>simple ?</p>`, `<p class='x"y'>simple·?</p>`],
      // An unclosed quote: no tag at the first "<"; the scan starts again inside what looked like its attributes.
      [`<a x="<b y='z'>" w="<i>ok ?</i> fin ?`, `<a x="<b y='z'>" w="<i>ok·?</i> fin·?`],
    ];
    for (const [html, expected] of cases) expect(show(typesetHtml(html)), html).toBe(expected);
  });

  it("gives a page the checker finds no fault in, while the original has some", () => {
    expect(typographyFaults(page).map((f) => f.rule)).toEqual(
      expect.arrayContaining(["apostrophe droite", "espace sécable avant ; ! ? : »", "pas d’espace avant :"]),
    );
    expect(typographyFaults(out)).toEqual([]);
  });
});

describe("typography checker", () => {
  it("reports each kind of fault with an excerpt", () => {
    const faults = typographyFaults(`<p>L'eau ? Oui!</p><p>Lieu: Dakar</p><p>«Fin »</p><p>a${NBSP}?</p>`);
    expect(faults.map((f) => f.rule)).toEqual([
      "apostrophe droite",
      "espace sécable avant ; ! ? : »",
      "pas d’espace avant ; ! ?",
      "pas d’espace avant :",
      "espace sécable avant ; ! ? : »",
      "pas d’espace après «",
      "espace insécable (U+00A0) au lieu de fine (U+202F) avant ; ! ?",
    ]);
    expect(faults[0]!.excerpt).toBe("L'eau ? Oui!");
  });

  it("does not read URLs, clock times or code as prose", () => {
    expect(typographyFaults(`<p>https://exemple.sn/a?b=1 à 18:30</p><code>x ? y</code>`)).toEqual([]);
  });
});
