import { describe, expect, it } from "vitest";
import { hoistIslandStyles } from "./island-styles";

const STYLE = "<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>";
const page = (head: string, body: string) => `<!DOCTYPE html><html lang="fr"><head><title>T</title>${head}</head><body>${body}</body></html>`;

describe("hoistIslandStyles", () => {
  it("moves the style Astro writes before the first island into the head", () => {
    const island = `<astro-island uid="1"><form></form></astro-island>`;
    const out = hoistIslandStyles(page("", `<main><h1>Connexion</h1><p>x</p>${STYLE}<script>1</script>${island}</main>`));
    expect(out).toBe(page(STYLE, `<main><h1>Connexion</h1><p>x</p><script>1</script>${island}</main>`));
  });

  it("keeps a single copy when Astro wrote it twice (islands rendered in separate slots)", () => {
    const out = hoistIslandStyles(page("", `<div>${STYLE}<a></a></div><div>${STYLE}<b></b></div>`));
    expect(out.split(STYLE)).toHaveLength(2);
    expect(out.indexOf(STYLE)).toBeLessThan(out.indexOf("</head>"));
  });

  it("leaves pages without islands, and documents without a head, as they are", () => {
    const plain = page("", "<main><p>Bonjour</p></main>");
    expect(hoistIslandStyles(plain)).toBe(plain);
    const fragment = `<div>${STYLE}</div>`;
    expect(hoistIslandStyles(fragment)).toBe(fragment);
  });

  it("does not add a second copy when the head already has it", () => {
    const out = hoistIslandStyles(page(STYLE, `<p>${STYLE}</p>`));
    expect(out).toBe(page(STYLE, "<p></p>"));
  });
});
