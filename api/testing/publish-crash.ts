/**
 * Test helper (api/lib/publish-in-place.test.ts): publishes a staging folder into a live folder as the builder
 * does, and kills its own process with SIGKILL right after step `CRASH_AT` (a real kill -9 between two renames),
 * so the test can check that the next start rolls the publication forward.
 * Usage: bun api/testing/publish-crash.ts <siteDir> <staging> <live> <crashAt>
 */
import { publishInPlace } from "../lib/publish-in-place";

const [siteDir, staging, live, crashAt] = process.argv.slice(2);
publishInPlace(siteDir!, staging!, live!, ({ index }) => {
  if (index === Number(crashAt)) process.kill(process.pid, "SIGKILL");
});
