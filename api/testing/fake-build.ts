/**
 * Stand-in for the Astro build in SiteBuilder tests: writes a one-page site into BUILD_OUT_DIR after a delay,
 * or fails, as the JSON control file says. Appends to a counter file so tests can count builds, and marks its start
 * and end in a trace file so they can tell builds that overlapped.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const control = JSON.parse(readFileSync(process.env.FAKE_BUILD_CONTROL!, "utf8")) as {
  marker: string;
  delayMs: number;
  fail: boolean;
};
appendFileSync(`${process.env.FAKE_BUILD_CONTROL}.count`, "x");
// Start and end marks: "sese" is two builds one after the other, "sees" two at once.
const trace = `${process.env.FAKE_BUILD_CONTROL}.trace`;
appendFileSync(trace, "s");
process.on("exit", () => appendFileSync(trace, "e"));
await Bun.sleep(control.delayMs);
if (control.fail) {
  console.error("Error: something broke in the template");
  process.exit(1);
}
const out = process.env.BUILD_OUT_DIR!;
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "index.html"), `<!doctype html><title>${control.marker}</title>`);
writeFileSync(join(out, "404.html"), "<!doctype html><title>404</title>");
console.log(`built ${control.marker}`);
