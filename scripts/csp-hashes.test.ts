import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./csp-hashes";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

describe("inline script hashes for the CSP", () => {
  it("hashes every inline script the browser would run, classic or module, and nothing else", () => {
    const html = `<script>a()</script><script type="module">b()</script><script src="/x.js"></script>
      <script type="application/ld+json">{"@type":"Thing"}</script><script type="module" src="/_astro/y.js"></script>`;
    expect([...inlineScriptHashes(html)].sort()).toEqual([sha("a()"), sha("b()")].sort());
  });
});
