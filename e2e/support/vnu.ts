/**
 * The Nu HTML Checker (`vnu-jar` on Java 17) over documents given as strings: the errors as readable lines, none
 * when the documents are valid. The same run as e2e/html-validity.spec.ts, for a journey that checks a screen as
 * the browser built it (`page.content()`), which the served shell of an app does not show.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";

const VNU = join(process.cwd(), "node_modules", "vnu-jar", "build", "dist", "vnu.jar");

type VnuMessage = { type: string; url?: string; message: string; lastLine?: number; extract?: string };

export function nuErrors(documents: Record<string, string>): string[] {
  const java = spawnSync("java", ["-version"], { encoding: "utf8" });
  expect(java.error, "Java is needed to run the Nu HTML Checker (Debian: apt-get install default-jre-headless)").toBeUndefined();
  const dir = mkdtempSync(join(tmpdir(), "vnu-doc-"));
  try {
    const names = new Map<string, string>();
    for (const [name, html] of Object.entries(documents)) {
      const file = join(dir, `${names.size}.html`);
      writeFileSync(file, html);
      names.set(file, name);
    }
    const run = spawnSync("java", ["-jar", VNU, "--errors-only", "--format", "json", ...names.keys()], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    // vnu writes its JSON report on stderr, and exits with 1 when it found errors.
    const report = JSON.parse(run.stderr || run.stdout) as { messages: VnuMessage[] };
    return report.messages
      .filter((m) => m.type === "error" || m.type === "non-document-error")
      .map((m) => {
        const file = m.url ? decodeURIComponent(new URL(m.url).pathname) : "";
        return `${names.get(file) ?? (file || "vnu")}${m.lastLine ? ` (line ${m.lastLine})` : ""}: ${m.message}${m.extract ? ` — ${JSON.stringify(m.extract.trim())}` : ""}`;
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
