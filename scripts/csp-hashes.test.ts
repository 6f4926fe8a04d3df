import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CSP_HASHES_FILE } from "../api/lib/security-headers";
import { gatherScriptHashes, inlineScriptHashes, renderedPageScripts, writeCspHashes } from "./csp-hashes";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

describe("inline script hashes for the CSP", () => {
  it("hashes every inline script the browser would run, classic or module, and nothing else", () => {
    const html = `<script>a()</script><script type="module">b()</script><script src="/x.js"></script>
      <script type="application/ld+json">{"@type":"Thing"}</script><script type="module" src="/_astro/y.js"></script>`;
    expect([...inlineScriptHashes(html)].sort()).toEqual([sha("a()"), sha("b()")].sort());
  });

  it("writes the hashes gathered from the pages as they rendered, else those of the pages in the folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), "csp-"));
    try {
      writeFileSync(join(dir, "on-disk.html"), "<script>disk()</script>");
      gatherScriptHashes();
      renderedPageScripts(new TextEncoder().encode("<p>é</p><script>rendered()</script>").buffer as ArrayBuffer);
      expect(await writeCspHashes(dir)).toEqual({ scriptHashes: [sha("rendered()")], gathered: true });
      expect(JSON.parse(readFileSync(join(dir, CSP_HASHES_FILE), "utf8"))).toEqual({ scriptHashes: [sha("rendered()")] });
      // A build that gathered nothing (Astro run without the build scripts) reads the folder.
      renderedPageScripts(new TextEncoder().encode("<script>ignored()</script>").buffer as ArrayBuffer);
      expect(await writeCspHashes(dir)).toEqual({ scriptHashes: [sha("disk()")], gathered: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
