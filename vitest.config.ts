import { defineConfig } from "vitest/config";

// Vitest 5 under `bun --bun` needs the threads pool (the default forks pool crashes under Bun).
export default defineConfig({
  test: {
    include: ["api/**/*.test.ts", "db/**/*.test.ts", "site/src/**/*.test.ts", "scripts/**/*.test.ts", "shared/**/*.test.ts"],
    pool: "threads",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
