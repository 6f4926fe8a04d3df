import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

describe("HTML cleaned again at build", () => {
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
    // renderBody only swaps, in clean HTML, embed figures for facades built from checked URLs (lib/body-html.ts).
    for (const u of uses) expect(u.expr, u.file).toMatch(/^(sanitizeHtml|renderBody\(sanitizeHtml|serializeJsonLd)\(/);
  });
});
