/**
 * The Nu HTML Checker (the `vnu-jar` devDependency, on the machine's Java) over documents given as bytes: one Java
 * run for all of them. Returns the errors as readable lines (« page (line n): message — extract »), empty when valid.
 * Used by html-validity.spec.ts (one page of each type), editor-paper.spec.ts (an article with every block) and
 * audience.spec.ts (a screen as the browser built it, `page.content()`).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";

const VNU = join(process.cwd(), "node_modules", "vnu-jar", "build", "dist", "vnu.jar");

type VnuMessage = { type: string; subType?: string; url?: string; message: string; lastLine?: number; extract?: string };

/** `documents`: page name (its path) -> the HTML as the server sent it. */
export function vnuProblems(documents: Map<string, string | Buffer>): string[] {
  const java = spawnSync("java", ["-version"], { encoding: "utf8" });
  expect(java.error, "Java is needed to run the Nu HTML Checker (Debian: apt-get install default-jre-headless)").toBeUndefined();
  const dir = mkdtempSync(join(tmpdir(), "vnu-"));
  try {
    const files = new Map<string, string>();
    for (const [name, body] of documents) {
      const file = join(dir, `${files.size.toString().padStart(2, "0")}.html`);
      writeFileSync(file, body);
      files.set(file, name);
    }
    const run = spawnSync("java", ["-jar", VNU, "--errors-only", "--format", "json", ...files.keys()], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    // vnu writes its JSON report on stderr, and exits with 1 when it found errors.
    const report = JSON.parse(run.stderr || run.stdout) as { messages: VnuMessage[] };
    const problems = report.messages
      .filter((m) => m.type === "error" || m.type === "non-document-error")
      .map((m) => {
        const file = m.url ? decodeURIComponent(new URL(m.url).pathname) : "";
        return `${files.get(file) ?? (file || "vnu")}${m.lastLine ? ` (line ${m.lastLine})` : ""}: ${m.message}${m.extract ? ` — ${JSON.stringify(m.extract.trim())}` : ""}`;
      });
    if (problems.length === 0) expect(run.status, run.stderr.slice(0, 2000)).toBe(0);
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
