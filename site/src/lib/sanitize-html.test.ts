import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanHtml } from "./sanitize-html";

describe("HTML cleaned again at build", () => {
  it("drops scripts, event handlers and script URLs", () => {
    const dirty = `<p onclick="alert(1)">a</p><script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">b</a><svg><script>alert(5)</script></svg><iframe src="https://evil.example"></iframe>`;
    const clean = cleanHtml(dirty);
    expect(clean).not.toMatch(/<script|onclick|onerror|javascript:|<svg|<iframe/i);
    expect(clean).toContain("<p>a</p>");
  });

  it("keeps the formatting the editor produces", () => {
    const html = `<h2>Titre</h2><p><strong>Gras</strong> et <em>italique</em>, <a href="https://example.org">lien</a></p><ul><li>un</li></ul>`;
    const clean = cleanHtml(html);
    expect(clean).toContain("<h2>Titre</h2>");
    expect(clean).toContain('<a href="https://example.org" rel="noopener noreferrer nofollow" target="_blank">lien</a>');
  });

  it("is what every set:html of the site's components renders (JSON-LD aside, serialised by its own function)", () => {
    const root = join(import.meta.dirname, "..");
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else if (e.name.endsWith(".astro")) files.push(join(dir, e.name));
      }
    };
    walk(root);
    const uses = files.flatMap((f) =>
      [...readFileSync(f, "utf8").matchAll(/set:html=\{([^}]*)\}/g)].map((m) => ({ file: f.slice(root.length + 1), expr: m[1]!.trim() })),
    );
    expect(uses.length).toBeGreaterThanOrEqual(3);
    for (const u of uses) expect(u.expr, u.file).toMatch(/^(cleanHtml|serializeJsonLd)\(/);
  });
});
