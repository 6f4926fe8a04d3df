import { defineConfig } from "drizzle-kit";

// Virtual FTS tables (search) live in hand-written migrations; keep drizzle-kit away from them.
export default defineConfig({
  dialect: "turso",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  dbCredentials: { url: process.env.DATABASE_URL ?? "file:data/site.db" },
  tablesFilter: ["!*_fts*"],
});
