/**
 * Part of `npm run test:soak`: the whole XSS corpus (api/testing/xss-corpus.ts, every payload through every public
 * field) and one real build, parsed. `npm test` runs the same test on a third of the payloads (one build of
 * fewer pages). Exits with the test's status.
 */
const proc = Bun.spawn([process.execPath, "--bun", "./node_modules/.bin/vitest", "run", "api/xss-corpus.test.ts"], {
  env: { ...process.env, XSS_CORPUS: "full", ASTRO_TELEMETRY_DISABLED: "1" },
  stdout: "inherit",
  stderr: "inherit",
});
process.exit(await proc.exited);

export {};
