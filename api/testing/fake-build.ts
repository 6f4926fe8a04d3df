/**
 * Stand-in for the Astro build in SiteBuilder tests: writes a one-page site into BUILD_OUT_DIR after a delay,
 * or fails, as the JSON control file says (`failPartial`: only partial builds fail; `padBytes`: the page carries
 * that many more bytes, to fill a small disk). Writes its pid to `<control>.pid` (a test may kill it mid-build). Appends to a counter file so tests can count builds, and marks its start
 * and end in a trace file so they can tell builds that overlapped.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const control = JSON.parse(readFileSync(process.env.FAKE_BUILD_CONTROL!, "utf8")) as {
  marker: string;
  delayMs: number;
  fail: boolean;
  failPartial?: boolean;
  padBytes?: number;
};
writeFileSync(`${process.env.FAKE_BUILD_CONTROL}.pid`, String(process.pid));
appendFileSync(`${process.env.FAKE_BUILD_CONTROL}.count`, "x");
// Start and end marks: "sese" is two builds one after the other, "sees" two at once.
const trace = `${process.env.FAKE_BUILD_CONTROL}.trace`;
appendFileSync(trace, "s");
process.on("exit", () => appendFileSync(trace, "e"));
await Bun.sleep(control.delayMs);
if (control.fail || (control.failPartial && process.env.BUILD_MODE === "partial")) {
  console.error("Error: something broke in the template");
  process.exit(1);
}
const out = process.env.BUILD_OUT_DIR!;
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "index.html"), `<!doctype html><title>${control.marker}</title>${" ".repeat(control.padBytes ?? 0)}`);
writeFileSync(join(out, "404.html"), "<!doctype html><title>404</title>");
console.log(`built ${control.marker}`);
